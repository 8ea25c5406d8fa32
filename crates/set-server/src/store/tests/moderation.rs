//! The moderation role (`Moderation`): reports and sanctions.

use super::*;

/// The moderation role alone (`&dyn Moderation`): reports kept up to a
/// reporter's most in a day, the rest refused, and no sanction in force
/// until the operator makes one.
#[tokio::test]
async fn the_moderation_role_keeps_a_reporters_few_a_day_and_refuses_the_next() {
    for scratch in stores("moderation-role").await {
        let moderation: &dyn crate::store::Moderation = scratch.store();
        let report = |reporter: &str, at| crate::store::ReportRecord {
            id: 0,
            reporter: reporter.into(),
            player: "p9".into(),
            why: "too fast".into(),
            at,
        };
        let day = 24 * 3_600_000;
        assert!(moderation.report(&report("p1", day), 0, 2).await.unwrap());
        assert!(moderation.report(&report("p1", day + 1), 0, 2).await.unwrap());
        assert!(!moderation.report(&report("p1", day + 2), 0, 2).await.unwrap(), "the third within the day");
        assert!(moderation.report(&report("p2", day + 3), 0, 2).await.unwrap(), "another reporter's own few");
        // A day on, the first two are behind `since`.
        assert!(moderation.report(&report("p1", 2 * day + 5), day + 2, 2).await.unwrap());
        assert!(moderation.sanctions_in_force().await.unwrap().is_empty());
        scratch.remove().await;
    }
}
