//! Each way's rated floor from people's games: `admin floors` reads the
//! races a server kept (written here by SQL, as a server leaves them) and
//! says each way's length against classic's, from the races it should
//! count and from none it should not; the server takes the proportion it
//! prints as a flag, and refuses a bad one.

use crate::support::*;
use set_core::rules::game::{Claim, Game};
use set_core::rules::variant::{Dealing, Variant};

/// What one stored race is: its way, its length, whether it had hints, and
/// whether its second seat found a set or only claimed wrong.
struct Race {
    way: Variant,
    length_ms: u64,
    hints: bool,
    second_finds: bool,
    players: [&'static str; 2],
}

/// The log a server keeps of `race`: the first seat finds a set at a
/// quarter of its length; the second a set (or a wrong claim) at the end.
/// (The sets are the core's own hints: what is measured here is the report,
/// not the finder.)
fn log_of(race: &Race, seed: u64) -> Vec<(u8, u64, Vec<u8>)> {
    let ids = |claim: Claim| claim.cards().iter().map(|card| card.id()).collect::<Vec<u8>>();
    let mut game = Game::dealt(race.way, seed, Dealing::Automatic);
    let first = game.hint_claim().unwrap();
    game.claim(first, race.length_ms / 4).unwrap();
    let second = if race.second_finds {
        ids(game.hint_claim().unwrap())
    } else {
        a_non_set(&game.table().iter().map(|card| card.id()).collect::<Vec<u8>>())
    };
    vec![(0, race.length_ms / 4, ids(first)), (1, race.length_ms, second)]
}

async fn keep(scratch: &Scratch, races: &[Race]) {
    std::fs::create_dir_all(scratch.db().parent().unwrap()).unwrap();
    let url = format!("sqlite://{}?mode=rwc", scratch.db().display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let migrations = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite");
    sqlx::migrate::Migrator::new(migrations.as_path()).await.unwrap().run(&pool).await.unwrap();
    let mut tx = pool.begin().await.unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    for (n, race) in races.iter().enumerate() {
        let room = format!("r{n:09}");
        let seed = 1000 + n as u64;
        sqlx::query(
            "INSERT INTO rooms (id, mode, hints, seed, salt, commitment, host, status, created_at, started_at,
                                ended_at_ms, ended_at)
             VALUES (?, ?, ?, ?, 's', 'c', ?, 'over', ?, ?, ?, ?)",
        )
        .bind(&room)
        .bind(race.way.name())
        .bind(i64::from(race.hints))
        .bind(seed as i64)
        .bind(race.players[0])
        .bind(now - 600_000)
        .bind(now - 600_000)
        .bind(race.length_ms as i64)
        .bind(now - 600_000 + n as i64)
        .execute(&mut *tx)
        .await
        .unwrap();
        for (seat, player) in race.players.iter().enumerate() {
            sqlx::query("INSERT INTO seats (room, seat, player, name) VALUES (?, ?, ?, ?)")
                .bind(&room)
                .bind(seat as i64)
                .bind(player)
                .bind(format!("P{seat}"))
                .execute(&mut *tx)
                .await
                .unwrap();
        }
        for (seq, (seat, at_ms, cards)) in log_of(race, seed).into_iter().enumerate() {
            let cards: Vec<String> = cards.iter().map(u8::to_string).collect();
            sqlx::query("INSERT INTO moves (room, seq, seat, at_ms, kind, cards) VALUES (?, ?, ?, ?, 'claim', ?)")
                .bind(&room)
                .bind(seq as i64 + 1)
                .bind(i64::from(seat))
                .bind(at_ms as i64)
                .bind(cards.join(" "))
                .execute(&mut *tx)
                .await
                .unwrap();
        }
    }
    // Ann and Ben are established in classic and Junior: Ann by five
    // established opponents, Ben by 20 games on 7 days. Newt is new.
    for way in ["classic", "junior", "4setjr"] {
        sqlx::query(
            "INSERT INTO ratings (player, mode, mu, sigma, games, wins, vouched, days)
             VALUES ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', ?, 25, 8, 9, 5, 5, 2),
                    ('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', ?, 25, 8, 20, 5, 0, 7),
                    ('cccccccccccccccccccccccccccccccc', ?, 25, 8, 3, 1, 1, 1)",
        )
        .bind(way)
        .bind(way)
        .bind(way)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    pool.close().await;
}

const ANN: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const BEN: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const NEWT: &str = "cccccccccccccccccccccccccccccccc";

/// The fields of the report's line for `way`.
fn line<'a>(report: &'a str, way: &str) -> Vec<&'a str> {
    let line = report.lines().find(|line| line.split('\t').next() == Some(way)).expect(way);
    line.split('\t').collect()
}

#[tokio::test]
async fn admin_floors_measures_each_way_by_established_players_races_only() {
    let scratch = Scratch::new("floors");
    let race = |way, length_ms, players| Race { way, length_ms, hints: false, second_finds: true, players };
    let mut races = Vec::new();
    // Classic: 100 races of 40 s to 139 s (median 89 s). Junior: 100 of
    // 4.0 s to 13.9 s (median 8.9 s): 10% of classic's, where the bot's
    // proportion is 8%.
    races.extend((0..100).map(|i| race(Variant::Classic, 40_000 + i * 1_000, [ANN, BEN])));
    races.extend((0..100).map(|i| race(Variant::Junior, 4_000 + i * 100, [BEN, ANN])));
    // Junior races of 1 s that must not count, ten of each kind: any one
    // kind counted would move the median to 9%, all three to 8%.
    races.extend((0..10).map(|_| race(Variant::Junior, 1_000, [ANN, NEWT])));
    races.extend((0..10).map(|_| Race { second_finds: false, ..race(Variant::Junior, 1_000, [ANN, BEN]) }));
    races.extend((0..10).map(|_| Race { hints: true, ..race(Variant::Junior, 1_000, [ANN, BEN]) }));
    // 4Set Junior: too few races to say.
    races.extend((0..40).map(|i| race(Variant::FourSetJunior, 20_000 + i * 100, [ANN, BEN])));
    keep(&scratch, &races).await;

    let report = admin(&scratch, &["floors"]);
    eprintln!("{report}");
    assert_eq!(line(&report, "classic"), ["classic", "100", "89.0 s", "100", "100", "30.0 s", "30.0 s"]);
    assert_eq!(line(&report, "junior"), ["junior", "100", "8.9 s", "10", "8", "2.4 s", "3.0 s"]);
    let four = line(&report, "4setjr");
    assert_eq!(&four[..3], ["4setjr", "40", "21.9 s"]);
    assert!(four[3].starts_with("- (fewer than 100"), "{four:?}");
    assert_eq!(report.lines().last(), Some("flags: --rated-game-percent junior=10"));

    // Told the server's flags, the report says the floor they give.
    let told = admin(&scratch, &["floors", "--rated-game-seconds", "60", "--rated-game-percent", "junior=10"]);
    assert_eq!(line(&told, "junior")[5..], ["6.0 s", "6.0 s"]);
    // Fewer races read: too few to say anything.
    let few = admin(&scratch, &["floors", "--races", "50"]);
    assert_eq!(few.lines().last(), Some("no way has enough races yet: the floors stay the bot's"));
}

/// The server takes the printed flag, and refuses a bad one before it
/// opens its port, saying why.
#[tokio::test]
async fn the_server_takes_a_measured_percent_and_refuses_a_bad_one() {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_set-server")).arg("--help").output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("--rated-game-percent <WAY=PERCENT>"));
    for (bad, why) in
        [("junior", "expected WAY=PERCENT"), ("daily=8", "no way played online"), ("junior=0", "no whole percent")]
    {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_set-server"))
            .args(["--addr", "127.0.0.1:0", "--rated-game-percent", bad])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(why), "{bad}: {}", String::from_utf8_lossy(&out.stderr));
    }
}
