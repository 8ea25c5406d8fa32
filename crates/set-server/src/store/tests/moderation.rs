//! The moderation role (`Moderation`): reports and sanctions.

use super::*;

/// The moderation role alone (`&dyn Moderation`): a report kept once per
/// reporter and player, up to a reporter's most players in a day, the rest
/// refused; the operator's list ranked by distinct reporters; old reports
/// deleted; and no sanction in force until the operator makes one.
#[tokio::test]
async fn the_moderation_role_keeps_a_report_once_a_reporters_few_a_day_and_refuses_the_next() {
    for scratch in stores("moderation-role").await {
        let moderation: &dyn crate::store::Moderation = scratch.store();
        let report = |reporter: &str, player: &str, at| crate::store::ReportRecord {
            id: 0,
            reporter: reporter.into(),
            player: player.into(),
            why: format!("too fast at {at}"),
            at,
        };
        let day = 24 * 3_600_000;
        assert!(moderation.report(&report("p1", "p9", day), 0, 2).await.unwrap());
        // Again, the same player: one report, its reason replaced.
        assert!(moderation.report(&report("p1", "p9", day + 1), 0, 2).await.unwrap());
        assert!(moderation.report(&report("p1", "p8", day + 2), 0, 2).await.unwrap());
        assert!(!moderation.report(&report("p1", "p7", day + 3), 0, 2).await.unwrap(), "a third player within the day");
        assert!(moderation.report(&report("p2", "p8", day + 4), 0, 2).await.unwrap(), "another reporter's own few");
        assert!(moderation.report(&report("p3", "p8", day + 5), 0, 2).await.unwrap());
        let reported = scratch.store().reported(10).await.unwrap();
        let lines: Vec<(&str, i64, i64, &str)> =
            reported.iter().map(|r| (r.player.as_str(), r.reporters, r.at, r.why.as_str())).collect();
        let p8 = format!("too fast at {}", day + 5);
        let p9 = format!("too fast at {}", day + 1);
        assert_eq!(lines, [("p8", 3, day + 5, p8.as_str()), ("p9", 1, day + 1, p9.as_str())], "most reporters first");
        // A day on, the first ones are behind `since`.
        assert!(moderation.report(&report("p1", "p7", 2 * day + 5), day + 3, 2).await.unwrap());
        // Old reports go.
        assert_eq!(moderation.forget_reports(day + 3).await.unwrap(), 2, "p1's of p9 and p8");
        let left: Vec<String> = scratch.store().reported(10).await.unwrap().into_iter().map(|r| r.player).collect();
        assert_eq!(left, ["p8", "p7"]);
        assert!(moderation.sanctions_in_force().await.unwrap().is_empty());
        scratch.remove().await;
    }
}

/// An operator's command writes beside a running server: two stores on one
/// SQLite file, as two processes are. Each write reads, then writes, in one
/// transaction; one that began reading before the other's commit must wait
/// for the lock, not fail with `database is locked`.
#[tokio::test]
async fn two_processes_writing_one_sqlite_file_wait_for_each_other() {
    sqlx::any::install_default_drivers();
    let dir = std::env::temp_dir().join(format!("set-store-two-writers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = Database::Sqlite(dir.join("set.db"));
    let server = SqlStore::open(&file, Durability::PowerLoss).await.unwrap();
    let operator = SqlStore::open(&file, Durability::PowerLoss).await.unwrap();
    let report = |n: i64| crate::store::ReportRecord {
        id: 0,
        reporter: format!("p{n}"),
        player: "p0".into(),
        why: "too fast".into(),
        at: n,
    };
    let rounds = 40;
    let keys = async {
        for _ in 0..rounds {
            operator.rotate_key("yearly").await.unwrap();
        }
    };
    let reports = async {
        let moderation: &dyn crate::store::Moderation = &server;
        for n in 1..=rounds {
            assert!(moderation.report(&report(n), 0, 5).await.unwrap());
        }
    };
    tokio::join!(keys, reports);
    let reported = server.reported(10).await.unwrap();
    assert_eq!(reported.len(), 1);
    assert_eq!(reported[0].reporters, rounds, "every report kept");
    let keys: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM secrets").fetch_one(&server.reader).await.unwrap();
    assert_eq!(keys, rounds, "every key kept");
    drop((server, operator));
    let _ = std::fs::remove_dir_all(&dir);
}
