-- Sign-outs are read by change (those after the last read) and forgotten
-- once older than the oldest token still taken (`--token-days`): both by time.
CREATE INDEX sign_outs_by_time ON sign_outs (at);
