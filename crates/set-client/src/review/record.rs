//! The player's record across games: how many games of each way to play
//! were started, the finished games themselves (each kept as its save text,
//! which is enough to replay and analyse it), the daily puzzles solved and
//! the drills' answers. Every statistic is derived from these.
//!
//! The history is bounded ([`HISTORY_LIMIT`] games, the oldest dropped
//! first). A dropped game's figures are folded into its way to play's
//! [`Totals`] first, so counts, sets, hints, wrong claims and the best time
//! stay whole; the median and the last ten are over the games kept.
//!
//! Two records merge ([`Record::merge`]: an import, or another tab's record
//! read back before writing) without counting a game twice: games are the
//! same when their save texts are. Counters that cannot be told apart game
//! by game (games started, the folded totals) take the larger of the two.
//!
//! # The text (stored under its own key)
//!
//! ```text
//! SET stats 1
//! started classic 12
//! retired classic 3 80 4 2 900000 412000      (games sets hints wrong play-ms best-ms, or - for none)
//! daily 2026-11-23 2026-11-24
//! drill third-card 1764000000000 1:2300 0:5400
//! game 1764000000000 SET save 2|mode classic|seed 42|…|
//! ```
//!
//! The page itself only appends to an inbox of its own key, which costs its
//! first load almost nothing: `started MODE` lines and `finished TIME`
//! lines each followed by the game's save text; [`Record::take_inbox`] takes
//! them in when the part that keeps the record runs.
//!
//! A `game` line holds when it finished (ms since 1970, from the page's
//! clock) and its save text with `|` for each newline. The format grows as
//! saves do (see [`set_core::save`]): a newer MAJOR is refused with
//! [`RecordError::Newer`] and must be kept as it is; a newer MINOR's unknown
//! lines are skipped.

use crate::review::analysis::median;
use set_core::rules::daily::Date;
use set_core::rules::variant::{Variant, WAYS};
use set_core::save::{self, SeatedError};
use set_core::text::{BadHeader, push_small, read_version, split_at_each, split_once_at};
use std::fmt;

/// The record's format, major version: a newer major is kept, never read.
pub const RECORD_MAJOR: u32 = 1;
/// The minor version: what a newer minor adds, an older build passes over.
pub const RECORD_MINOR: u32 = 0;
const HEADER: &str = "SET stats";
/// Finished games kept, the oldest dropped first.
pub const HISTORY_LIMIT: usize = 500;
/// Drill runs kept, the oldest dropped first.
pub const DRILL_RUNS_LIMIT: usize = 200;
/// How many of the last finish times the chart shows.
pub const CHART_GAMES: usize = 50;
/// A record larger than this is not one of ours (the history bound keeps a
/// real one well under it).
pub const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;

/// How the page writes a game started to the inbox: this, then the mode's
/// name and a newline.
pub const INBOX_STARTED: &str = "started ";
/// How the page writes a finished game to the inbox: this, the time it
/// finished (ms since 1970) and a newline, then its save text.
pub const INBOX_FINISHED: &str = "finished ";

/// The ways to play by name, in the order the record lists them: every
/// way in [`WAYS`] order, then the daily puzzle.
pub const MODES: [&str; WAYS.len() + 1] = {
    let mut modes = ["daily"; WAYS.len() + 1];
    let mut i = 0;
    while i < WAYS.len() {
        modes[i] = WAYS[i].name();
        i += 1;
    }
    modes
};

/// A way to play's place in [`MODES`] (the daily puzzle whatever its date).
pub fn mode_index(variant: Variant) -> usize {
    WAYS.iter().position(|&way| way == variant).unwrap_or(WAYS.len())
}

/// The two drills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Drill {
    /// Two cards shown: pick the card that completes the set from nine.
    ThirdCard,
    /// A table shown: say how many sets it holds.
    HowMany,
    /// Three 4Set cards shown: pick the card that completes the 4Set from nine.
    FourthCard,
}

impl Drill {
    /// Every drill.
    pub const ALL: [Drill; 3] = [Drill::ThirdCard, Drill::HowMany, Drill::FourthCard];

    /// Its name in the record and the API.
    pub fn name(self) -> &'static str {
        match self {
            Drill::ThirdCard => "third-card",
            Drill::HowMany => "how-many",
            Drill::FourthCard => "fourth-card",
        }
    }

    /// Its title on the page.
    pub fn title(self) -> &'static str {
        match self {
            Drill::ThirdCard => "Third card",
            Drill::HowMany => "How many sets?",
            Drill::FourthCard => "Fourth card (4Set)",
        }
    }

    /// The drill of that name, if it is one.
    pub fn from_name(name: &str) -> Option<Drill> {
        Drill::ALL.into_iter().find(|drill| drill.name() == name)
    }
}

/// One answer in a drill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Whether the answer was right.
    pub correct: bool,
    /// How long it took, in ms.
    pub ms: u64,
}

/// One run of a drill, started at `at` (ms since 1970).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrillRun {
    /// Which drill.
    pub drill: Drill,
    /// When it started, in ms since 1970.
    pub at: u64,
    /// Each answer, in order.
    pub answers: Vec<Answer>,
}

/// What a finished game's save says of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The way to play.
    pub variant: Variant,
    /// Its play time, in ms.
    pub elapsed_ms: u64,
    /// Sets found.
    pub sets: usize,
    /// Hints used.
    pub hints: u32,
    /// Wrong claims.
    pub wrong: u32,
}

impl Summary {
    /// Played without a hint.
    pub fn clean(&self) -> bool {
        self.hints == 0
    }
}

/// A finished game in the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// When it finished, in ms since 1970.
    pub at: u64,
    /// Its save text, as the page wrote it.
    pub save: String,
    /// What the save says of it.
    pub summary: Summary,
}

/// The figures of the games dropped from the history, per way to play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games finished.
    pub games: u64,
    /// Sets found.
    pub sets: u64,
    /// Hints used.
    pub hints: u64,
    /// Wrong claims.
    pub wrong: u64,
    /// Play time, in ms.
    pub play_ms: u64,
    /// The quickest finish, in ms.
    pub best_ms: Option<u64>,
}

impl Totals {
    fn add(&mut self, summary: &Summary) {
        self.games += 1;
        self.sets += summary.sets as u64;
        self.hints += u64::from(summary.hints);
        self.wrong += u64::from(summary.wrong);
        self.play_ms += summary.elapsed_ms;
        self.best_ms = Some(self.best_ms.map_or(summary.elapsed_ms, |best| best.min(summary.elapsed_ms)));
    }

    /// The larger of each count, the better best time.
    fn max(self, other: Totals) -> Totals {
        let best_ms = match (self.best_ms, other.best_ms) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Totals {
            games: self.games.max(other.games),
            sets: self.sets.max(other.sets),
            hints: self.hints.max(other.hints),
            wrong: self.wrong.max(other.wrong),
            play_ms: self.play_ms.max(other.play_ms),
            best_ms,
        }
    }
}

/// One way to play's statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModeStats {
    /// Games started.
    pub started: u64,
    /// Games finished.
    pub finished: u64,
    /// Sets found in finished games.
    pub sets: u64,
    /// Hints used in finished games.
    pub hints: u64,
    /// Wrong claims in finished games.
    pub wrong: u64,
    /// All play time of the finished games.
    pub play_ms: u64,
    /// The quickest finish, in ms.
    pub best_ms: Option<u64>,
    /// Over the games kept in the history.
    pub median_ms: Option<u64>,
    /// The last ten finish times, oldest first.
    pub last_ten_ms: Vec<u64>,
}

impl ModeStats {
    /// Play time ÷ sets found.
    pub fn pace_ms(&self) -> Option<u64> {
        (self.sets > 0).then(|| self.play_ms / self.sets)
    }
}

/// The daily puzzle's streaks of consecutive days solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    /// Ending today, or yesterday while today's is still to solve.
    pub current: u32,
    /// The longest streak there has been.
    pub best: u32,
}

/// A drill's statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrillStats {
    /// Runs played.
    pub runs: usize,
    /// Answers given.
    pub answers: usize,
    /// Right answers.
    pub correct: usize,
    /// The median time to answer, in ms.
    pub median_ms: Option<u64>,
}

/// Why a text is not a record, or a game not one to add.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The first line is not a record's.
    NotARecord,
    /// Longer than [`MAX_RECORD_BYTES`] (this many bytes).
    TooLong(usize),
    /// The header's version is not a version.
    UnknownVersion(String),
    /// Written by a newer version: keep it as it is.
    Newer {
        /// The newer format's major version.
        major: u32,
    },
    /// Line `line` (1 = the header) is not what it should be.
    BadLine {
        /// The line's number.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// The game on line `line` is not a finished game's save.
    BadGame {
        /// The line's number.
        line: usize,
        /// Why its save does not restore.
        error: SeatedError,
    },
    /// A save that cannot be added: unreadable, or of an unfinished game.
    NotFinished,
    /// A save to add that cannot be read.
    Unreadable(SeatedError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotARecord => write!(f, "it is not SET's statistics"),
            RecordError::TooLong(n) => write!(f, "the statistics are {n} bytes long, more than {MAX_RECORD_BYTES}"),
            RecordError::UnknownVersion(v) => write!(f, "the statistics' version \"{v}\" is not one of SET's"),
            RecordError::Newer { major } => write!(
                f,
                "the statistics were kept by a newer version of SET (format {major}, this page reads {RECORD_MAJOR})"
            ),
            RecordError::BadLine { line, why } => write!(f, "line {line} of the statistics {why}"),
            RecordError::BadGame { line, error } => write!(f, "the game on line {line} of the statistics: {error}"),
            RecordError::NotFinished => write!(f, "the game is not finished"),
            RecordError::Unreadable(error) => write!(f, "the game's save cannot be read: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// The record: see the module documentation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    started: [u64; MODES.len()],
    retired: [Totals; MODES.len()],
    /// Oldest first.
    history: Vec<Finished>,
    /// Sorted, each once.
    dailies: Vec<Date>,
    /// Oldest first.
    drills: Vec<DrillRun>,
}

/// Where an item of time `at` goes in a list kept oldest first: after every
/// item of that time or earlier.
fn after_last_by<T>(list: &[T], at: u64, at_of: impl Fn(&T) -> u64) -> usize {
    list.iter().rposition(|item| at_of(item) <= at).map_or(0, |i| i + 1)
}

/// What a save says of a finished game, or why it cannot be kept.
pub fn summary_of(save_text: &str) -> Result<Summary, RecordError> {
    finished_game(save_text).map(|(summary, _)| summary)
}

/// A finished game's summary and its save text as this build writes it, so
/// that the same game is always the same text (a blank line, a CR or an older
/// format makes no second game).
fn finished_game(save_text: &str) -> Result<(Summary, String), RecordError> {
    let (saved, sitting) = save::decode_seated(save_text).map_err(RecordError::Unreadable)?;
    if !saved.game.is_over() {
        return Err(RecordError::NotFinished);
    }
    let game = &saved.game;
    let summary = Summary {
        variant: game.variant(),
        elapsed_ms: saved.elapsed_ms,
        sets: game.found().len(),
        hints: game.hints_used(),
        wrong: game.wrong_claims(),
    };
    Ok((summary, save::encode_seated(game, &sitting, saved.elapsed_ms)))
}

impl Record {
    /// The finished games kept, oldest first.
    pub fn history(&self) -> &[Finished] {
        &self.history
    }

    /// The drill runs kept, oldest first.
    pub fn drill_runs(&self) -> &[DrillRun] {
        &self.drills
    }

    /// The daily puzzles solved, in date order.
    pub fn dailies(&self) -> &[Date] {
        &self.dailies
    }

    /// A game of this way to play was dealt.
    pub fn start(&mut self, variant: Variant) {
        self.started[mode_index(variant)] += 1;
    }

    /// Keeps a finished game, given its save text, at `at` (ms since 1970).
    /// `Ok(false)` when the history holds it already.
    pub fn finish(&mut self, save_text: &str, at: u64) -> Result<bool, RecordError> {
        let (summary, save) = finished_game(save_text)?;
        if !self.keep(Finished { at, save, summary }) {
            return Ok(false);
        }
        if let Variant::Daily(date) = summary.variant {
            self.solved(date);
        }
        self.bound_history();
        Ok(true)
    }

    /// Puts a game into the history in the order games finished, unless the
    /// history holds it already (`false`). The bound is the caller's.
    fn keep(&mut self, game: Finished) -> bool {
        if self.history.iter().any(|kept| kept.save == game.save) {
            return false;
        }
        let index = after_last_by(&self.history, game.at, |kept| kept.at);
        self.history.insert(index, game);
        true
    }

    fn solved(&mut self, date: Date) {
        if let Err(at) = self.dailies.binary_search(&date) {
            self.dailies.insert(at, date);
        }
    }

    /// Drops the oldest games past the bound, folding their figures into
    /// the totals first.
    fn bound_history(&mut self) {
        let over = self.history.len().saturating_sub(HISTORY_LIMIT);
        for dropped in self.history.drain(..over) {
            self.retired[mode_index(dropped.summary.variant)].add(&dropped.summary);
        }
    }

    /// Adds a drill run (one already kept, by drill and start, is not added twice).
    pub fn add_drill(&mut self, run: DrillRun) {
        if self.drills.iter().any(|kept| (kept.drill, kept.at) == (run.drill, run.at)) {
            return;
        }
        let index = after_last_by(&self.drills, run.at, |kept| kept.at);
        self.drills.insert(index, run);
        let over = self.drills.len().saturating_sub(DRILL_RUNS_LIMIT);
        self.drills.drain(..over);
    }

    /// Takes in what the page appended to its inbox since the last time
    /// (see [`INBOX_STARTED`] and [`INBOX_FINISHED`]): games started and
    /// finished games' saves. Returns how many entries it took; an entry it
    /// cannot read is an error naming it, and nothing is taken.
    pub fn take_inbox(&mut self, inbox: &str) -> Result<usize, RecordError> {
        let mut taken = self.clone();
        let mut entries = 0;
        let mut finished: Option<(u64, String, usize)> = None;
        let close = |taken: &mut Record, finished: &mut Option<(u64, String, usize)>| {
            if let Some((at, save, line)) = finished.take() {
                taken.finish(&save, at).map_err(|error| RecordError::BadLine {
                    line,
                    why: format!("holds a game that cannot be kept: {error}"),
                })?;
            }
            Ok::<(), RecordError>(())
        };
        for (index, line) in split_at_each(inbox, b'\n').enumerate() {
            let number = index + 1;
            if let Some(mode) = line.strip_prefix(INBOX_STARTED) {
                close(&mut taken, &mut finished)?;
                let mode = MODES.iter().position(|&m| m == mode.trim_ascii());
                let mode =
                    mode.ok_or_else(|| RecordError::BadLine { line: number, why: "names no way to play".to_owned() })?;
                taken.started[mode] += 1;
                entries += 1;
            } else if let Some(at) = line.strip_prefix(INBOX_FINISHED) {
                close(&mut taken, &mut finished)?;
                let at = at.trim_ascii().parse().map_err(|_| RecordError::BadLine {
                    line: number,
                    why: "has a time that is not a number".to_owned(),
                })?;
                finished = Some((at, String::new(), number));
                entries += 1;
            } else if let Some((_, save, _)) = &mut finished {
                save.push_str(line);
                save.push('\n');
            } else if !line.trim_ascii().is_empty() {
                return Err(RecordError::BadLine { line: number, why: "is not an entry of the inbox".to_owned() });
            }
        }
        close(&mut taken, &mut finished)?;
        *self = taken;
        Ok(entries)
    }

    /// Takes in another record's games, dailies and drills without counting
    /// any twice (see the module documentation).
    pub fn merge(&mut self, other: &Record) {
        for mode in 0..MODES.len() {
            self.started[mode] = self.started[mode].max(other.started[mode]);
            self.retired[mode] = self.retired[mode].max(other.retired[mode]);
        }
        for game in &other.history {
            self.keep(game.clone());
        }
        self.bound_history();
        for &date in &other.dailies {
            self.solved(date);
        }
        for run in &other.drills {
            self.add_drill(run.clone());
        }
    }

    /// One way to play's statistics (by its name in [`MODES`]).
    pub fn mode_stats(&self, mode: usize) -> ModeStats {
        let mut totals = self.retired[mode];
        let times: Vec<u64> = self
            .history
            .iter()
            .filter(|game| mode_index(game.summary.variant) == mode)
            .map(|game| {
                totals.add(&game.summary);
                game.summary.elapsed_ms
            })
            .collect();
        ModeStats {
            // A game finished here was started, whatever the counter lost.
            started: self.started[mode].max(totals.games),
            finished: totals.games,
            sets: totals.sets,
            hints: totals.hints,
            wrong: totals.wrong,
            play_ms: totals.play_ms,
            best_ms: totals.best_ms,
            median_ms: median(&times),
            last_ten_ms: times[times.len().saturating_sub(10)..].to_vec(),
        }
    }

    /// The last [`CHART_GAMES`] finished games of a way to play, oldest first.
    pub fn chart(&self, mode: usize) -> Vec<&Summary> {
        let games: Vec<&Summary> = self
            .history
            .iter()
            .map(|game| &game.summary)
            .filter(|summary| mode_index(summary.variant) == mode)
            .collect();
        games[games.len().saturating_sub(CHART_GAMES)..].to_vec()
    }

    /// The daily puzzle's streaks as of `today`.
    pub fn streaks(&self, today: Date) -> Streaks {
        let mut streaks = Streaks::default();
        let mut run = 0;
        let mut last: Option<u64> = None;
        for date in &self.dailies {
            let day = date.days();
            run = if last == Some(day.wrapping_sub(1)) { run + 1 } else { 1 };
            last = Some(day);
            streaks.best = streaks.best.max(run);
        }
        if last.is_some_and(|last| last == today.days() || last + 1 == today.days()) {
            streaks.current = run;
        }
        streaks
    }

    /// A drill's statistics over the runs kept.
    pub fn drill_stats(&self, drill: Drill) -> DrillStats {
        let runs: Vec<&DrillRun> = self.drills.iter().filter(|run| run.drill == drill).collect();
        let answers: Vec<Answer> = runs.iter().flat_map(|run| run.answers.iter().copied()).collect();
        let times: Vec<u64> = answers.iter().map(|answer| answer.ms).collect();
        DrillStats {
            runs: runs.len(),
            answers: answers.len(),
            correct: answers.iter().filter(|answer| answer.correct).count(),
            median_ms: median(&times),
        }
    }

    /// The record as its text (see the module documentation).
    pub fn encode(&self) -> String {
        let mut text = format!("{HEADER} {RECORD_MAJOR}\n");
        for (mode, name) in MODES.iter().enumerate() {
            if self.started[mode] > 0 {
                text.push_str(&format!("started {name} {}\n", self.started[mode]));
            }
            let t = self.retired[mode];
            if t != Totals::default() {
                let best = t.best_ms.map_or("-".to_owned(), |ms| ms.to_string());
                text.push_str(&format!(
                    "retired {name} {} {} {} {} {} {best}\n",
                    t.games, t.sets, t.hints, t.wrong, t.play_ms
                ));
            }
        }
        if !self.dailies.is_empty() {
            text.push_str("daily");
            for date in &self.dailies {
                text.push_str(&format!(" {date}"));
            }
            text.push('\n');
        }
        for run in &self.drills {
            text.push_str(&format!("drill {} {}", run.drill.name(), run.at));
            for answer in &run.answers {
                text.push(' ');
                push_small(&mut text, usize::from(answer.correct));
                text.push_str(&format!(":{}", answer.ms));
            }
            text.push('\n');
        }
        for game in &self.history {
            text.push_str(&format!("game {} {}\n", game.at, game.save.replace('\n', "|")));
        }
        text
    }

    /// Reads a record's text, checking every line and every game in it.
    pub fn decode(text: &str) -> Result<Record, RecordError> {
        let mut lines = split_at_each(text, b'\n').map(|line| line.strip_suffix('\r').unwrap_or(line));
        let header = lines.next().ok_or(RecordError::NotARecord)?;
        let (major, minor) = read_version(header, HEADER).map_err(|bad| match bad {
            BadHeader::NotThisFormat => RecordError::NotARecord,
            BadHeader::UnknownVersion(version) => RecordError::UnknownVersion(version),
        })?;
        if major > RECORD_MAJOR {
            return Err(RecordError::Newer { major });
        }
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLong(text.len()));
        }
        let skip_unknown = minor > RECORD_MINOR;
        let mut record = Record::default();
        let mut seen_started = [false; MODES.len()];
        let mut seen_retired = [false; MODES.len()];
        for (index, line) in lines.enumerate() {
            let number = index + 2;
            if line.trim_ascii().is_empty() {
                continue;
            }
            let bad = |why: &str| RecordError::BadLine { line: number, why: why.to_owned() };
            let (key, rest) = split_once_at(line, b' ').unwrap_or((line, ""));
            match key {
                "started" | "retired" => {
                    let mut words = rest.split_ascii_whitespace();
                    let mode = words.next().and_then(|name| MODES.iter().position(|&m| m == name));
                    let mode = mode.ok_or_else(|| bad("names no way to play"))?;
                    let seen = if key == "started" { &mut seen_started } else { &mut seen_retired };
                    if std::mem::replace(&mut seen[mode], true) {
                        return Err(bad("repeats a way to play"));
                    }
                    let values: Vec<&str> = words.collect();
                    let count = |text: &str| text.parse::<u64>().map_err(|_| bad("holds a count that is not a number"));
                    if key == "started" {
                        let [count_text] = values[..] else { return Err(bad("is not started MODE COUNT")) };
                        record.started[mode] = count(count_text)?;
                    } else {
                        let [games, sets, hints, wrong, play_ms, best] = values[..] else {
                            return Err(bad("is not retired MODE GAMES SETS HINTS WRONG PLAY-MS BEST-MS"));
                        };
                        let best_ms = if best == "-" { None } else { Some(count(best)?) };
                        record.retired[mode] = Totals {
                            games: count(games)?,
                            sets: count(sets)?,
                            hints: count(hints)?,
                            wrong: count(wrong)?,
                            play_ms: count(play_ms)?,
                            best_ms,
                        };
                    }
                }
                "daily" => {
                    for date in rest.split_ascii_whitespace() {
                        let date = Date::parse(date).map_err(|err| bad(&format!("holds a bad date: {err}")))?;
                        record.solved(date);
                    }
                }
                "drill" => {
                    let mut words = rest.split_ascii_whitespace();
                    let drill = words.next().and_then(Drill::from_name).ok_or_else(|| bad("names no drill"))?;
                    let at = words.next().and_then(|at| at.parse().ok()).ok_or_else(|| bad("has no start time"))?;
                    let mut answers = Vec::new();
                    for word in words {
                        let answer = match split_once_at(word, b':') {
                            Some(("0" | "1", ms)) => {
                                ms.parse().ok().map(|ms| Answer { correct: word.starts_with('1'), ms })
                            }
                            _ => None,
                        };
                        answers.push(answer.ok_or_else(|| bad("holds an answer that is not 0:MS or 1:MS"))?);
                    }
                    record.add_drill(DrillRun { drill, at, answers });
                }
                "game" => {
                    let (at, save) = split_once_at(rest, b' ').ok_or_else(|| bad("is not game TIME SAVE"))?;
                    let at = at.parse().map_err(|_| bad("has a time that is not a number"))?;
                    let save = save.replace('|', "\n");
                    record.finish(&save, at).map_err(|error| match error {
                        RecordError::Unreadable(error) => RecordError::BadGame { line: number, error },
                        _ => bad("holds a game that is not finished"),
                    })?;
                }
                _ if skip_unknown => {}
                _ => return Err(bad("is not a line of SET's statistics")),
            }
        }
        Ok(record)
    }
}
