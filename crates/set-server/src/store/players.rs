//! What the store says about players, read beside the writer: their
//! ratings, the leaderboards, and profiles with their games' lengths.

use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use std::collections::BTreeMap;

use super::{StoreResult, Together};
use crate::ratings::Rating;
use set_core::online::fair;
use set_protocol::api::{LeaderMsg, PlayedGameMsg, ProfileMsg, RecentGameMsg, TimesMsg, WayMsg};

/// The most recent rated games a profile lists.
const RECENT_GAMES: i64 = 20;
/// The most recent rated games a profile's times are taken over, so that a
/// profile costs the same to read however many games its player has kept.
const TIMED_GAMES: i64 = 500;

/// The best ratings of a way to play that fair play lists
/// (`set_core::online::fair::listed`: settled, enough games against
/// enough opponents, played lately), at most `limit`. The query selects by
/// the same constants, and each row is checked by the rule itself.
pub(super) async fn leaderboard(
    reader: &AnyPool,
    mode: &str,
    limit: u32,
    policy: &fair::Policy,
) -> StoreResult<Vec<LeaderMsg>> {
    let now = crate::unix_ms();
    let rows = sqlx::query(
        "SELECT player, mu, sigma, games, opponents, played_at,
                (SELECT results.name FROM results JOIN rooms ON rooms.id = results.room
                 WHERE results.player = ratings.player ORDER BY rooms.ended_at DESC, rooms.id LIMIT 1) AS name
         FROM ratings WHERE mode = $1 AND (sigma <= $2 OR $7) AND games >= $3
             AND NOT EXISTS (SELECT 1 FROM sanctions WHERE sanctions.target = ratings.player
                             AND sanctions.kind = 'ban' AND sanctions.lifted_at IS NULL)
             AND opponents >= $4 AND played_at >= $5
         ORDER BY sigma > $2, mu DESC, player LIMIT $6",
    )
    .bind(mode)
    .bind(crate::ratings::SETTLED_SIGMA)
    .bind(i64::from(policy.listed_games))
    .bind(i64::from(policy.listed_opponents))
    .bind(now.saturating_sub(fair::LISTED_ACTIVE_MS as i64))
    .bind(i64::from(limit))
    .bind(policy.list_provisional)
    .fetch_all(reader)
    .await?;
    let mut listed = Vec::with_capacity(rows.len());
    for row in &rows {
        let rating = read_rating(row, "mu", "sigma")?;
        let standing = fair::Standing {
            settled: !rating.provisional(),
            games: row.try_get::<i64, _>("games")? as u32,
            opponents: row.try_get::<i64, _>("opponents")? as u32,
            played_at_ms: row.try_get::<i64, _>("played_at")?.max(0) as u64,
        };
        if fair::listed(policy, &standing, now.max(0) as u64) {
            listed.push(row);
        }
    }
    listed
        .into_iter()
        .map(|row| {
            let rating = read_rating(row, "mu", "sigma")?;
            Ok(LeaderMsg {
                player: row.try_get("player")?,
                name: row.try_get::<Option<String>, _>("name")?.unwrap_or_default(),
                rating: rating.shown(),
                games: row.try_get::<i64, _>("games")? as u32,
                provisional: rating.provisional(),
            })
        })
        .collect()
}

/// A player's ratings, games, times and recent rated games; none if they have played none.
pub(super) async fn profile(reader: &AnyPool, player: &str) -> StoreResult<Option<ProfileMsg>> {
    let rows = sqlx::query("SELECT mode, mu, sigma, games, wins, sets FROM ratings WHERE player = $1 ORDER BY mode")
        .bind(player)
        .fetch_all(reader)
        .await?;
    let (by_way, last_games, last_name) = played(reader, player).await?;
    if rows.is_empty() && by_way.is_empty() {
        return Ok(None);
    }
    let (mut ratings, mut ways, mut games, mut wins, mut sets) = (BTreeMap::new(), BTreeMap::new(), 0, 0, 0);
    for row in &rows {
        let rating = read_rating(row, "mu", "sigma")?;
        let mode = row.try_get::<String, _>("mode")?;
        let way = WayMsg {
            rating: rating.shown(),
            provisional: rating.provisional(),
            games: row.try_get::<i64, _>("games")? as u32,
            wins: row.try_get::<i64, _>("wins")? as u32,
            sets: row.try_get::<i64, _>("sets")? as u32,
        };
        ratings.insert(mode.clone(), way.rating);
        games += way.games;
        wins += way.wins;
        sets += way.sets;
        ways.insert(mode, way);
    }
    let timed_rows = sqlx::query(
        "SELECT results.room, results.name, results.mode, results.place, results.sets,
                results.mu_before, results.mu_after, rooms.ended_at_ms,
                (SELECT COUNT(*) FROM results AS others WHERE others.room = results.room) AS players
         FROM results JOIN rooms ON rooms.id = results.room
         WHERE results.player = $1 ORDER BY rooms.ended_at DESC, rooms.id LIMIT $2",
    )
    .bind(player)
    .bind(TIMED_GAMES)
    .fetch_all(reader)
    .await?;
    let shown = |mu: f64| Rating { mu, ..Rating::default() }.shown();
    let mut name = String::new();
    let mut played = Vec::with_capacity(timed_rows.len());
    for row in &timed_rows {
        if name.is_empty() {
            name = row.try_get("name")?;
        }
        played.push(RecentGameMsg {
            room: row.try_get("room")?,
            mode: row.try_get("mode")?,
            place: row.try_get::<i64, _>("place")? as u32,
            players: row.try_get::<i64, _>("players")? as u32,
            sets: row.try_get::<i64, _>("sets")? as u32,
            before: shown(row.try_get("mu_before")?),
            after: shown(row.try_get("mu_after")?),
            ms: row.try_get::<Option<i64>, _>("ended_at_ms")?.unwrap_or(0).max(0) as u64,
        });
    }
    let times = times(&played);
    let history = history(&played);
    played.truncate(RECENT_GAMES as usize);
    let recent = played;
    // A player with no rated game yet goes by the name of their last game.
    let name = if name.is_empty() { last_name } else { name };
    Ok(Some(ProfileMsg {
        player: player.to_owned(),
        name,
        ratings,
        games,
        wins,
        sets,
        times,
        recent,
        ways,
        history,
        played: by_way,
        last_games,
    }))
}

/// A player's finished games kept, rated or not: how many of each way,
/// the most recent [`RECENT_GAMES`], and the name of the last one.
async fn played(reader: &AnyPool, player: &str) -> StoreResult<(BTreeMap<String, u32>, Vec<PlayedGameMsg>, String)> {
    let counts = sqlx::query(
        "SELECT rooms.mode, COUNT(*) AS games FROM seats JOIN rooms ON rooms.id = seats.room
         WHERE seats.player = $1 AND rooms.status = 'over' GROUP BY rooms.mode ORDER BY rooms.mode",
    )
    .bind(player)
    .fetch_all(reader)
    .await?;
    let mut by_way = BTreeMap::new();
    for row in &counts {
        by_way.insert(row.try_get::<String, _>("mode")?, row.try_get::<i64, _>("games")? as u32);
    }
    let rows = sqlx::query(
        "SELECT rooms.id, rooms.mode, rooms.ended_at_ms, seats.name,
                (SELECT COUNT(*) FROM seats AS others WHERE others.room = rooms.id) AS players,
                (SELECT COUNT(*) FROM results WHERE results.room = rooms.id) AS results
         FROM seats JOIN rooms ON rooms.id = seats.room
         WHERE seats.player = $1 AND rooms.status = 'over'
         ORDER BY rooms.ended_at DESC, rooms.id LIMIT $2",
    )
    .bind(player)
    .bind(RECENT_GAMES)
    .fetch_all(reader)
    .await?;
    let mut last_name = String::new();
    let mut games = Vec::with_capacity(rows.len());
    for row in &rows {
        if last_name.is_empty() {
            last_name = row.try_get("name")?;
        }
        games.push(PlayedGameMsg {
            room: row.try_get("id")?,
            mode: row.try_get("mode")?,
            players: row.try_get::<i64, _>("players")? as u32,
            ms: row.try_get::<Option<i64>, _>("ended_at_ms")?.unwrap_or(0).max(0) as u64,
            rated: row.try_get::<i64, _>("results")? > 0,
        });
    }
    Ok((by_way, games, last_name))
}

/// Each way to play's rating over `games` (most recent first): the rating
/// before the oldest, then after each, oldest first.
pub(crate) fn history(games: &[RecentGameMsg]) -> BTreeMap<String, Vec<i64>> {
    let mut by_mode: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for game in games.iter().rev() {
        let points = by_mode.entry(game.mode.clone()).or_default();
        if points.is_empty() {
            points.push(game.before);
        }
        points.push(game.after);
    }
    by_mode
}

/// A rating's mean and uncertainty from the columns that hold them (a
/// rating's `mu` and `sigma`, or a result's `mu_before` …); its games and
/// wins are the `ratings` row's alone, 0 here.
pub(super) fn read_rating(row: &AnyRow, mu: &str, sigma: &str) -> StoreResult<Rating> {
    Ok(Rating { mu: row.try_get(mu)?, sigma: row.try_get(sigma)?, ..Rating::default() })
}

/// Each way to play's fastest won game and median game, over `games`.
pub(crate) fn times(games: &[RecentGameMsg]) -> BTreeMap<String, TimesMsg> {
    let mut by_mode: BTreeMap<&str, Vec<&RecentGameMsg>> = BTreeMap::new();
    for game in games {
        by_mode.entry(&game.mode).or_default().push(game);
    }
    by_mode
        .into_iter()
        .map(|(mode, games)| {
            let mut lengths: Vec<u64> = games.iter().map(|g| g.ms).collect();
            lengths.sort_unstable();
            let middle = lengths.len() / 2;
            let median_ms = match (lengths.get(middle.wrapping_sub(1)), lengths.get(middle)) {
                (Some(low), Some(high)) if lengths.len().is_multiple_of(2) => (low + high) / 2,
                (_, Some(middle)) => *middle,
                _ => 0,
            };
            let fastest_win_ms = games.iter().filter(|g| g.place == 1).map(|g| g.ms).min();
            (mode.to_owned(), TimesMsg { games: games.len() as u32, fastest_win_ms, median_ms })
        })
        .collect()
}

/// The players' ratings in a way to play (a new player's where they have none).
pub(super) async fn ratings(reader: &AnyPool, mode: &str, players: &[String]) -> StoreResult<Vec<Rating>> {
    let mut ratings = Vec::with_capacity(players.len());
    for player in players {
        let row = sqlx::query(
            "SELECT mu, sigma, games, wins, opponents, vouched, days, unvouched, played_at
             FROM ratings WHERE player = $1 AND mode = $2",
        )
        .bind(player)
        .bind(mode)
        .fetch_optional(reader)
        .await?;
        ratings.push(match row {
            Some(row) => Rating {
                games: row.try_get::<i64, _>("games")? as u32,
                wins: row.try_get::<i64, _>("wins")? as u32,
                opponents: row.try_get::<i64, _>("opponents")? as u32,
                vouched: row.try_get::<i64, _>("vouched")? as u32,
                days: row.try_get::<i64, _>("days")? as u32,
                unvouched: row.try_get("unvouched")?,
                played_at_ms: row.try_get("played_at")?,
                ..read_rating(&row, "mu", "sigma")?
            },
            None => Rating::default(),
        });
    }
    Ok(ratings)
}

/// The rated games of `mode` each two of `players` played together, ever
/// and since `since` (Unix ms).
pub(super) async fn together(
    reader: &AnyPool,
    mode: &str,
    players: &[String],
    since: i64,
) -> StoreResult<Vec<Vec<Together>>> {
    let mut together = vec![vec![Together::default(); players.len()]; players.len()];
    for (i, a) in players.iter().enumerate() {
        for (j, b) in players.iter().enumerate().skip(i + 1) {
            let row = sqlx::query(
                "SELECT COUNT(*) AS ever, COALESCE(SUM(CASE WHEN rooms.ended_at >= $4 THEN 1 ELSE 0 END), 0) AS since
                 FROM results AS mine
                 JOIN results AS theirs ON theirs.room = mine.room AND theirs.player = $2
                 JOIN rooms ON rooms.id = mine.room
                 WHERE mine.player = $1 AND mine.mode = $3",
            )
            .bind(a)
            .bind(b)
            .bind(mode)
            .bind(since)
            .fetch_one(reader)
            .await?;
            let pair =
                Together { ever: row.try_get::<i64, _>("ever")? as u32, since: row.try_get::<i64, _>("since")? as u32 };
            for (row, column) in [(i, j), (j, i)] {
                if let Some(cell) = together.get_mut(row).and_then(|r| r.get_mut(column)) {
                    *cell = pair;
                }
            }
        }
    }
    Ok(together)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(mode: &str, place: u32, ms: u64) -> RecentGameMsg {
        RecentGameMsg {
            room: String::new(),
            mode: mode.to_owned(),
            place,
            players: 2,
            sets: 0,
            before: 0,
            after: 0,
            ms,
        }
    }

    #[test]
    fn times_are_the_fastest_win_and_the_median_per_way_to_play() {
        let games = [
            game("classic", 2, 300_000),
            game("classic", 1, 240_000),
            game("junior", 2, 90_000),
            game("classic", 1, 200_000),
            game("junior", 2, 70_000),
        ];
        let times = times(&games);
        let classic = &times["classic"];
        assert_eq!((classic.games, classic.fastest_win_ms, classic.median_ms), (3, Some(200_000), 240_000));
        let junior = &times["junior"];
        assert_eq!(
            (junior.games, junior.fastest_win_ms, junior.median_ms),
            (2, None, 80_000),
            "never won; the mean of the middle two"
        );
        assert_eq!(times.len(), 2);
        assert!(super::times(&[]).is_empty());
    }
}
