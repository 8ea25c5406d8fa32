//! Elapsed play time, fed with timestamps by whoever owns the clock.
//!
//! The core never reads a clock: the page passes `performance.now()` in, tests
//! pass numbers. Milliseconds throughout.

#[derive(Clone, Copy, Debug, Default, PartialEq)]
/// Play time: counts while running, stands still while stopped.
pub struct Stopwatch {
    /// Time counted before the current run.
    banked_ms: f64,
    /// When the current run started, if running.
    running_since: Option<f64>,
}

impl Stopwatch {
    /// A stopwatch that starts counting at `now`.
    pub fn started_at(now: f64) -> Stopwatch {
        Stopwatch { banked_ms: 0.0, running_since: Some(now) }
    }

    /// A stopwatch that already shows `elapsed_ms` and is stopped (a restored game).
    pub fn stopped_at(elapsed_ms: f64) -> Stopwatch {
        Stopwatch { banked_ms: elapsed_ms.max(0.0), running_since: None }
    }

    /// Whether it is counting.
    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// Starts counting at `now` (no change when running).
    pub fn start(&mut self, now: f64) {
        if self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }

    /// Stops counting at `now` (no change when stopped).
    pub fn stop(&mut self, now: f64) {
        if let Some(since) = self.running_since.take() {
            self.banked_ms += (now - since).max(0.0);
        }
    }

    /// The time counted at `now`, in ms.
    pub fn elapsed_ms(&self, now: f64) -> f64 {
        self.banked_ms + self.running_since.map_or(0.0, |since| (now - since).max(0.0))
    }
}

/// "m:ss" below an hour, "h:mm:ss" from then on.
pub fn format_clock(ms: f64) -> String {
    let total = (ms.max(0.0) / 1000.0) as u64;
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    if h > 0 { format!("{h}:{m:02}:{s:02}") } else { format!("{m}:{s:02}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_while_running() {
        let mut watch = Stopwatch::started_at(1000.0);
        assert_eq!(watch.elapsed_ms(1500.0), 500.0);
        watch.stop(2000.0);
        assert_eq!(watch.elapsed_ms(9000.0), 1000.0);
        watch.start(10_000.0);
        watch.start(11_000.0); // already running: no restart
        assert_eq!(watch.elapsed_ms(10_250.0), 1250.0);
        assert!(watch.is_running());
    }

    #[test]
    fn a_restored_stopwatch_carries_on_from_its_time() {
        let mut watch = Stopwatch::stopped_at(5000.0);
        assert_eq!(watch.elapsed_ms(1_000_000.0), 5000.0);
        watch.start(100.0);
        assert_eq!(watch.elapsed_ms(350.0), 5250.0);
    }

    #[test]
    fn clock_text() {
        assert_eq!(format_clock(0.0), "0:00");
        assert_eq!(format_clock(61_999.0), "1:01");
        assert_eq!(format_clock(3_600_000.0 + 5_000.0), "1:00:05");
        assert_eq!(format_clock(-5.0), "0:00");
    }
}
