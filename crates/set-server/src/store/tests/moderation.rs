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
