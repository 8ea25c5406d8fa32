-- A report is kept once per reporter and reported player (a report again
-- replaces its reason and time), so that one reporter cannot fill the
-- table with the same report, and the operator ranks the reported by how
-- many distinct players reported them. Reports are deleted after
-- `--report-days` (`reports_by_time`).
DELETE FROM reports WHERE id NOT IN (SELECT max(id) FROM reports GROUP BY reporter, player);
CREATE UNIQUE INDEX reports_once ON reports (reporter, player);
CREATE INDEX reports_by_time ON reports (at);
