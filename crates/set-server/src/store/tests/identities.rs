//! The identities' role (`Identities`): the signing key and sign-outs.

use super::*;

/// The identities role alone (`&dyn Identities`): one signing key made on
/// first use and the same one read again, and each player's last sign-out.
#[tokio::test]
async fn the_identities_role_keeps_one_key_and_each_players_last_sign_out() {
    for scratch in stores("identities").await {
        let identities: &dyn Identities = scratch.store();
        let first = identities.signing_keys().await.unwrap();
        assert_eq!(first.len(), 1, "made on first use");
        let again = identities.signing_keys().await.unwrap();
        assert_eq!((again[0].id, &again[0].secret), (first[0].id, &first[0].secret), "read again, not made anew");
        assert_eq!(first[0].secret.len(), 32);
        assert!(identities.sign_outs_since(0).await.unwrap().is_empty());
        identities.sign_out("p1", 1_000).await.unwrap();
        identities.sign_out("p2", 2_000).await.unwrap();
        identities.sign_out("p1", 3_000).await.unwrap();
        // By change: the last of each, oldest first, after a time.
        let outs = identities.sign_outs_since(0).await.unwrap();
        assert_eq!(outs, [("p2".to_owned(), 2_000), ("p1".to_owned(), 3_000)], "the last of each");
        assert_eq!(identities.sign_outs_since(2_000).await.unwrap(), [("p1".to_owned(), 3_000)]);
        // By key.
        assert_eq!(identities.sign_out_of("p1").await.unwrap(), Some(3_000));
        assert_eq!(identities.sign_out_of("p3").await.unwrap(), None);
        // Forgotten once older than any token still taken.
        assert_eq!(identities.forget_sign_outs(2_500).await.unwrap(), 1);
        assert_eq!(identities.sign_outs_since(0).await.unwrap(), [("p1".to_owned(), 3_000)]);
        assert_eq!(identities.sign_out_of("p2").await.unwrap(), None);
        scratch.remove().await;
    }
}
