//! Where each card slot sits on the board, and which slot a point hits.
//!
//! Plain functions of sizes in CSS pixels, so they are tested natively. The
//! grid picks the column count that makes the cards largest for the area, so
//! all 21 cards fit a 320 px wide phone and 12 cards fill a wide desktop.
//!
//! A board in play is laid out for a [`Plan`]: the most cards its way to
//! play puts out, not the cards out now. So the grid never changes shape in
//! play: cards added go to new places after the last, and a card that stays
//! never moves (docs/page.md, "The board holds still").

use set_core::rules::claim_rule::ClaimRule;
use set_core::rules::variant::Variant;

/// Width over height of a card: landscape, like a real SET card on the table.
pub const CARD_ASPECT: f64 = 1.55;
/// Cards never grow past this width (CSS px), however large the window.
pub const MAX_CARD_WIDTH: f64 = 280.0;

/// An axis-aligned rectangle in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// Whether the point lies inside (the right and bottom edges outside).
    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }

    /// The centre point.
    pub fn center(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// This rectangle grown by `by` on every side.
    pub fn grown(&self, by: f64) -> Rect {
        Rect { x: self.x - by, y: self.y - by, w: self.w + 2.0 * by, h: self.h + 2.0 * by }
    }

    /// Whether the two share any area.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.x + other.w
            && other.x < self.x + self.w
            && self.y < other.y + other.h
            && other.y < self.y + self.h
    }
}

/// What a board is laid out for, whatever it holds now: a grid with room
/// for `most` table cards, whose first `base` fill whole lines where the
/// cards stay nearly as large, and a strip above it for `row` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The cards a table starts with.
    pub base: usize,
    /// The most table cards the grid has room for without changing shape.
    pub most: usize,
    /// The places of the row above the table (none: no strip).
    pub row: usize,
}

impl Plan {
    /// Exactly these cards: for a board that is never played on (the gallery, one card).
    pub fn exactly(table: usize, row: usize) -> Plan {
        Plan { base: table, most: table, row }
    }

    /// The plan for a way to play: its first table, the most it puts out
    /// (up to 21, the most a classic game needs; a larger table is rare
    /// and re-lays the board), and the row a chain way (its previous claim),
    /// an UltraSet way (the last claim's pairs and their third card) and
    /// GhostSet (its pairs, each with its third) show.
    pub fn for_variant(variant: Variant) -> Plan {
        let row = match variant {
            way if way.links() > 0 => way.claim_size(),
            way if way.rule() == ClaimRule::UltraSet => 5,
            way if way.rule() == ClaimRule::GhostSet => 9,
            _ => 0,
        };
        Plan { base: variant.table_size(), most: variant.max_table().min(21), row }
    }
}

/// A grid of `slots` card rectangles inside a `width` × `height` area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// How many cards the grid holds now.
    pub slots: usize,
    /// Columns.
    pub cols: usize,
    /// Rows, as planned (the cards may fill fewer).
    pub rows: usize,
    /// A card's width.
    pub card_w: f64,
    /// A card's height.
    pub card_h: f64,
    /// The space between cards and around them.
    pub gap: f64,
    origin_x: f64,
    origin_y: f64,
}

impl Layout {
    /// Lays out `slots` cards in an area of `width` × `height` CSS pixels.
    pub fn new(width: f64, height: f64, slots: usize) -> Layout {
        Layout::with_columns(width, height, slots, Plan::exactly(slots, 0), 1)
    }

    /// Lays out `slots` cards in the grid planned for `plan`: the first
    /// slots lie where they would with any other count up to `plan.most`.
    pub fn planned(width: f64, height: f64, slots: usize, plan: Plan) -> Layout {
        Layout::with_columns(width, height, slots, plan, 1)
    }

    /// Lays out `slots` cards side by side, in one row.
    pub fn one_row(width: f64, height: f64, slots: usize) -> Layout {
        Layout::with_columns(width, height, slots, Plan::exactly(slots, 0), slots.max(1))
    }

    /// The best grid with at least `min_cols` columns for the plan's most
    /// cards (or `slots`, when more), holding `slots`.
    fn with_columns(width: f64, height: f64, slots: usize, plan: Plan, min_cols: usize) -> Layout {
        let (width, height) = (width.max(1.0), height.max(1.0));
        let gap = (width.min(height) * 0.02).clamp(4.0, 14.0).round();
        let n = plan.most.max(slots).max(1);
        let base = plan.base.clamp(1, n);
        let fit = |cols: usize| {
            let rows = n.div_ceil(cols);
            let by_width = (width - gap * (cols as f64 + 1.0)) / cols as f64;
            let by_height = (height - gap * (rows as f64 + 1.0)) / rows as f64 * CARD_ASPECT;
            (by_width.min(by_height).min(MAX_CARD_WIDTH), cols, rows)
        };
        let largest = (min_cols..=n).map(|cols| fit(cols).0).fold(f64::MIN, f64::max);
        // A grid without a ragged last row reads better (15 cards as 5 × 3,
        // not 4 + 4 + 4 + 3), so it wins when its cards are nearly as large;
        // planned for more, the first table's cards fill whole rows.
        let (mut best, mut best_full) = ((f64::MIN, min_cols, n.div_ceil(min_cols)), None::<(f64, usize, usize)>);
        for cols in min_cols..=n {
            let this = fit(cols);
            if this.0 > best.0 {
                best = this;
            }
            let full = base % cols == 0 && this.0 >= largest * 0.88;
            if full && best_full.is_none_or(|b| this.0 > b.0) {
                best_full = Some(this);
            }
        }
        let (best_w, cols, rows) = best_full.unwrap_or(best);
        let card_w = best_w.max(1.0).floor();
        let card_h = (card_w / CARD_ASPECT).floor().max(1.0);
        let grid_w = cols as f64 * card_w + (cols as f64 - 1.0) * gap;
        let grid_h = rows as f64 * card_h + (rows as f64 - 1.0) * gap;
        Layout {
            slots,
            cols,
            rows,
            card_w,
            card_h,
            gap,
            origin_x: ((width - grid_w) / 2.0).max(0.0).round(),
            origin_y: ((height - grid_h) / 2.0).max(0.0).round(),
        }
    }

    /// The rectangle of a slot, or `None` past the last slot.
    pub fn slot_rect(&self, slot: usize) -> Option<Rect> {
        if slot >= self.slots {
            return None;
        }
        let (col, row) = ((slot % self.cols) as f64, (slot / self.cols) as f64);
        Some(Rect {
            x: self.origin_x + col * (self.card_w + self.gap),
            y: self.origin_y + row * (self.card_h + self.gap),
            w: self.card_w,
            h: self.card_h,
        })
    }

    /// The slot whose card contains the point, if any (gaps hit nothing).
    pub fn hit_test(&self, x: f64, y: f64) -> Option<usize> {
        let col = ((x - self.origin_x) / (self.card_w + self.gap)).floor();
        let row = ((y - self.origin_y) / (self.card_h + self.gap)).floor();
        if col < 0.0 || row < 0.0 || col >= self.cols as f64 {
            return None;
        }
        let slot = row as usize * self.cols + col as usize;
        self.slot_rect(slot).filter(|rect| rect.contains(x, y)).map(|_| slot)
    }
}

/// Where a card lies: a table slot, or a place in the row above the table
/// (Set-Chain's previous set, UltraSet's last claim).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A slot of the table.
    Table(usize),
    /// A place in the row above the table.
    Row(usize),
}

impl Place {
    /// This place if it exists on a board of `row` pickable places above
    /// `table` slots; otherwise the nearest one that does: the last slot
    /// when the table has shrunk, the first slot when the row has gone.
    /// `None` when there is nothing to pick.
    pub fn clamped(self, row: usize, table: usize) -> Option<Place> {
        match self {
            Place::Row(index) if row > 0 => Some(Place::Row(index.min(row - 1))),
            Place::Table(slot) if table > 0 => Some(Place::Table(slot.min(table - 1))),
            _ if table > 0 => Some(Place::Table(0)),
            _ => (row > 0).then_some(Place::Row(0)),
        }
    }
}

/// Which way an arrow key moves focus over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// One column left.
    Left,
    /// One column right.
    Right,
    /// One row up.
    Up,
    /// One row down.
    Down,
}

/// The whole board: the table's grid and, when there is one, a row of cards
/// in a strip above it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Board {
    /// The table's grid.
    pub table: Layout,
    /// The row above it, when there is one.
    pub row: Option<Layout>,
}

impl Board {
    /// The board for `table` cards and `row` cards above them, in `width` ×
    /// `height`, laid out for exactly these.
    pub fn new(width: f64, height: f64, table: usize, row: usize) -> Board {
        Board::planned(width, height, table, row, Plan::exactly(table, row))
    }

    /// The board for `table` cards and `row` cards above them, laid out for
    /// the plan: the strip is there (empty) before the row has cards.
    pub fn planned(width: f64, height: f64, table: usize, row: usize, plan: Plan) -> Board {
        let full = Layout::planned(width, height, table, plan);
        let row_places = plan.row.max(row);
        if row_places == 0 {
            return Board { table: full, row: None };
        }
        // The row's cards are smaller than the table's would be, and the
        // strip takes no more than about a fifth of the height, nor more
        // than the row's cards need (a phone's row is short: it is narrow).
        let cap = (height * 0.22).min(full.card_h * 0.7 + full.gap * 2.0);
        let fitted = Layout::one_row(width, cap, row_places);
        let strip = (fitted.card_h + fitted.gap * 2.0).min(cap).floor().max(1.0);
        let mut below = Layout::planned(width, height - strip, table, plan);
        below.origin_y += strip;
        let mut above = Layout::one_row(width, strip, row_places);
        above.slots = row;
        Board { table: below, row: Some(above) }
    }

    /// Where a place's card is drawn, if the place exists.
    pub fn rect(&self, place: Place) -> Option<Rect> {
        match place {
            Place::Table(slot) => self.table.slot_rect(slot),
            Place::Row(index) => self.row?.slot_rect(index),
        }
    }

    /// Where an arrow key moves from `from`: the next card that way on the
    /// same line or in the same column; from the table's top line up into
    /// the row above it (its first `row_places` places can be picked) and
    /// back, to the card nearest across; from a ragged last line's gap to
    /// that line's last card; `from` itself at an edge.
    pub fn neighbour(&self, from: Place, direction: Direction, row_places: usize) -> Place {
        let Layout { cols, slots, .. } = self.table;
        // The rows cards fill now, not the rows planned.
        let rows = slots.div_ceil(cols);
        let Some(here) = self.rect(from) else { return from };
        // The card of `count` places whose centre is nearest across.
        let nearest = |place: fn(usize) -> Place, count: usize| {
            let off = |p: &Place| self.rect(*p).map_or(f64::INFINITY, |r| (r.center().0 - here.center().0).abs());
            (0..count).map(place).min_by(|a, b| off(a).total_cmp(&off(b))).unwrap_or(from)
        };
        match (from, direction) {
            (Place::Row(index), _) if index >= row_places => from,
            (Place::Table(slot), Direction::Left) if slot % cols > 0 => Place::Table(slot - 1),
            (Place::Table(slot), Direction::Right) if slot % cols + 1 < cols && slot + 1 < slots => {
                Place::Table(slot + 1)
            }
            (Place::Table(slot), Direction::Up) if slot >= cols => Place::Table(slot - cols),
            (Place::Table(_), Direction::Up) => nearest(Place::Row, row_places),
            (Place::Table(slot), Direction::Down) if slot + cols < slots => Place::Table(slot + cols),
            (Place::Table(slot), Direction::Down) if slot / cols + 1 < rows => Place::Table(slots - 1),
            (Place::Row(index), Direction::Left) if index > 0 => Place::Row(index - 1),
            (Place::Row(index), Direction::Right) if index + 1 < row_places => Place::Row(index + 1),
            (Place::Row(_), Direction::Down) => nearest(Place::Table, cols.min(slots)),
            _ => from,
        }
    }

    /// The place whose card contains the point, if any.
    pub fn hit_test(&self, x: f64, y: f64) -> Option<Place> {
        let in_row = self.row.and_then(|row| row.hit_test(x, y)).map(Place::Row);
        in_row.or_else(|| self.table.hit_test(x, y).map(Place::Table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_rects(layout: &Layout) -> Vec<Rect> {
        (0..layout.slots).map(|slot| layout.slot_rect(slot).unwrap()).collect()
    }

    #[test]
    fn every_table_size_fits_every_viewport_without_overlap() {
        let viewports =
            [(320.0, 400.0), (320.0, 480.0), (480.0, 280.0), (768.0, 900.0), (1280.0, 640.0), (2560.0, 1300.0)];
        for (w, h) in viewports {
            for slots in [3, 6, 9, 12, 15, 18, 21, 81] {
                let layout = Layout::new(w, h, slots);
                let rects = all_rects(&layout);
                for (i, r) in rects.iter().enumerate() {
                    assert!(r.x >= 0.0 && r.y >= 0.0 && r.x + r.w <= w && r.y + r.h <= h, "{w}x{h} {slots}: {r:?}");
                    for q in &rects[i + 1..] {
                        let apart = r.x + r.w <= q.x || q.x + q.w <= r.x || r.y + r.h <= q.y || q.y + q.h <= r.y;
                        assert!(apart, "{r:?} overlaps {q:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn rectangles_overlap_when_they_share_area_and_grow_on_every_side() {
        let a = Rect { x: 0.0, y: 0.0, w: 10.0, h: 10.0 };
        assert!(a.overlaps(&Rect { x: 9.0, y: 9.0, w: 5.0, h: 5.0 }));
        assert!(!a.overlaps(&Rect { x: 10.0, y: 0.0, w: 5.0, h: 5.0 }), "touching edges share no area");
        assert!(a.grown(1.0).overlaps(&Rect { x: 10.0, y: 0.0, w: 5.0, h: 5.0 }));
        assert_eq!(a.grown(2.0), Rect { x: -2.0, y: -2.0, w: 14.0, h: 14.0 });
    }

    #[test]
    fn a_phone_shows_21_cards_big_enough_to_read() {
        let layout = Layout::new(320.0, 480.0, 21);
        assert!(layout.card_w >= 80.0, "{layout:?}");
        assert!(layout.slot_rect(21).is_none());
    }

    #[test]
    fn full_rows_are_preferred_when_cards_stay_nearly_as_large() {
        let layout = Layout::new(1280.0, 750.0, 15);
        assert_eq!((layout.cols, layout.rows), (5, 3));
        let layout = Layout::new(1280.0, 750.0, 12);
        assert_eq!((layout.cols, layout.rows), (4, 3));
    }

    #[test]
    fn cards_keep_their_shape_and_a_cap_on_width() {
        let layout = Layout::new(2560.0, 1440.0, 12);
        assert_eq!(layout.card_w, MAX_CARD_WIDTH);
        assert!((layout.card_w / layout.card_h - CARD_ASPECT).abs() < 0.02);
    }

    #[test]
    fn hit_test_finds_the_slot_under_every_card_centre_and_nothing_in_gaps() {
        for slots in [12, 15, 21] {
            let layout = Layout::new(900.0, 600.0, slots);
            for slot in 0..slots {
                let (cx, cy) = layout.slot_rect(slot).unwrap().center();
                assert_eq!(layout.hit_test(cx, cy), Some(slot));
            }
            let first = layout.slot_rect(0).unwrap();
            assert_eq!(layout.hit_test(first.x + first.w + layout.gap / 2.0, first.y + 1.0), None);
            assert_eq!(layout.hit_test(first.x - 1.0, first.y - 1.0), None);
            assert_eq!(layout.hit_test(10_000.0, 10_000.0), None);
        }
    }

    #[test]
    fn a_row_above_the_table_takes_a_strip_and_nothing_overlaps() {
        for (w, h) in [(320.0, 560.0), (1280.0, 640.0), (768.0, 900.0)] {
            for (table, row) in [(12, 3), (15, 5), (21, 3)] {
                let board = Board::new(w, h, table, row);
                let row_rects: Vec<Rect> = (0..row).map(|i| board.rect(Place::Row(i)).unwrap()).collect();
                let table_rects: Vec<Rect> = (0..table).map(|i| board.rect(Place::Table(i)).unwrap()).collect();
                let row_bottom = row_rects.iter().map(|r| r.y + r.h).fold(0.0, f64::max);
                assert!(row_bottom <= (h * 0.22).ceil(), "{w}x{h}: the row ends at {row_bottom}");
                for r in &table_rects {
                    assert!(r.y >= row_bottom && r.y + r.h <= h && r.x + r.w <= w, "{w}x{h} {table}+{row}: {r:?}");
                }
                for (i, r) in row_rects.iter().enumerate() {
                    assert_eq!(board.hit_test(r.center().0, r.center().1), Some(Place::Row(i)));
                }
                for (i, r) in table_rects.iter().enumerate() {
                    assert_eq!(board.hit_test(r.center().0, r.center().1), Some(Place::Table(i)));
                }
                assert_eq!(board.rect(Place::Row(row)), None);
                assert_eq!(board.row.map(|r| r.rows), Some(1), "the row is one row");
            }
        }
        let plain = Board::new(800.0, 600.0, 12, 0);
        assert_eq!((plain.table, plain.row), (Layout::new(800.0, 600.0, 12), None));
        assert_eq!(plain.rect(Place::Row(0)), None);
    }

    /// Arrow keys against a plain row-and-column model of the grid.
    #[test]
    fn arrows_move_along_the_grid_and_stop_at_its_edges() {
        let classic = Plan::for_variant(Variant::Classic);
        for (w, h, slots) in [(1280.0, 700.0, 12), (1280.0, 700.0, 15), (360.0, 640.0, 21), (900.0, 600.0, 14)] {
            for board in [Board::new(w, h, slots, 0), Board::planned(w, h, slots, 0, classic)] {
                let cols = board.table.cols;
                for slot in 0..slots {
                    let (col, line) = (slot % cols, slot / cols);
                    let go = |direction| board.neighbour(Place::Table(slot), direction, 0);
                    let left = if col > 0 { slot - 1 } else { slot };
                    let right = if col + 1 < cols && slot + 1 < slots { slot + 1 } else { slot };
                    let up = if line > 0 { slot - cols } else { slot };
                    // Below a ragged last line, down goes to that line's last card.
                    let down = if slot + cols < slots {
                        slot + cols
                    } else if line + 1 < slots.div_ceil(cols) {
                        slots - 1
                    } else {
                        slot
                    };
                    assert_eq!(go(Direction::Left), Place::Table(left), "{w}x{h} {slots}: left of {slot}");
                    assert_eq!(go(Direction::Right), Place::Table(right), "{w}x{h} {slots}: right of {slot}");
                    assert_eq!(go(Direction::Up), Place::Table(up), "{w}x{h} {slots}: up from {slot}");
                    assert_eq!(go(Direction::Down), Place::Table(down), "{w}x{h} {slots}: down from {slot}");
                }
            }
        }
    }

    /// The places an arrow may lead to, from the cards' centres alone: the
    /// nearest card that way on the same line for left and right; for up and
    /// down, the cards of the nearest line that way, closest across (two when
    /// they tie).
    fn nearest_by_centres(board: &Board, from: Place, direction: Direction, row: usize) -> Vec<Place> {
        let (x, y) = board.rect(from).unwrap().center();
        let places = (0..row).map(Place::Row).chain((0..board.table.slots).map(Place::Table));
        let ahead: Vec<(f64, f64, Place)> = places
            .filter_map(|place| {
                let (cx, cy) = board.rect(place)?.center();
                let (along, across) = match direction {
                    Direction::Left => (x - cx, cy - y),
                    Direction::Right => (cx - x, cy - y),
                    Direction::Up => (y - cy, cx - x),
                    Direction::Down => (cy - y, cx - x),
                };
                let sideways = matches!(direction, Direction::Left | Direction::Right);
                (along > 0.5 && !(sideways && across.abs() > 0.5)).then_some((along, across.abs(), place))
            })
            .collect();
        let Some(line) = ahead.iter().map(|a| a.0).reduce(f64::min) else { return vec![from] };
        let on_line: Vec<_> = ahead.iter().filter(|a| (a.0 - line).abs() < 0.5).collect();
        let closest = on_line.iter().map(|a| a.1).fold(f64::INFINITY, f64::min);
        on_line.iter().filter(|a| a.1 - closest < 0.5).map(|a| a.2).collect()
    }

    #[test]
    fn arrows_go_to_the_nearest_card_that_way_by_the_drawn_centres() {
        let directions = [Direction::Left, Direction::Right, Direction::Up, Direction::Down];
        for (w, h) in [(1280.0, 700.0), (360.0, 640.0), (320.0, 480.0), (900.0, 600.0), (768.0, 1000.0)] {
            for slots in [3, 6, 9, 12, 14, 15, 18, 21] {
                for (row, plan) in [(0, None), (3, None), (0, Some(Variant::Classic)), (3, Some(Variant::Chain))] {
                    let board = match plan {
                        Some(variant) => Board::planned(w, h, slots, row, Plan::for_variant(variant)),
                        None => Board::new(w, h, slots, row),
                    };
                    let places = (0..row).map(Place::Row).chain((0..slots).map(Place::Table));
                    for from in places {
                        for direction in directions {
                            let to = board.neighbour(from, direction, row);
                            let allowed = nearest_by_centres(&board, from, direction, row);
                            assert!(
                                allowed.contains(&to),
                                "{w}x{h} {slots}+{row}: {direction:?} from {from:?} went to {to:?}, not one of {allowed:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn arrows_reach_the_row_above_the_table_only_where_it_can_be_picked() {
        let board = Board::new(1280.0, 700.0, 12, 3);
        let cols = board.table.cols;

        for slot in 0..cols {
            let up = board.neighbour(Place::Table(slot), Direction::Up, 3);
            assert!(matches!(up, Place::Row(_)), "up from {slot}: {up:?}");
            assert_eq!(board.neighbour(Place::Table(slot), Direction::Up, 0), Place::Table(slot));
        }
        assert_eq!(board.neighbour(Place::Table(0), Direction::Up, 3), Place::Row(0));
        assert_eq!(board.neighbour(Place::Table(cols - 1), Direction::Up, 3), Place::Row(2));
        assert_eq!(board.neighbour(Place::Row(0), Direction::Right, 3), Place::Row(1));
        assert_eq!(board.neighbour(Place::Row(2), Direction::Right, 3), Place::Row(2));
        assert_eq!(board.neighbour(Place::Row(1), Direction::Up, 3), Place::Row(1));
        let down = board.neighbour(Place::Row(1), Direction::Down, 3);
        assert!(matches!(down, Place::Table(slot) if slot < cols), "{down:?}");
        // A place not on the board, or in a row that cannot be picked, stays where it is.
        assert_eq!(board.neighbour(Place::Table(40), Direction::Left, 3), Place::Table(40));
        assert_eq!(board.neighbour(Place::Row(2), Direction::Left, 0), Place::Row(2));
    }

    #[test]
    fn a_place_clamps_to_what_the_board_still_has() {
        assert_eq!(Place::Table(14).clamped(0, 12), Some(Place::Table(11)));
        assert_eq!(Place::Table(5).clamped(3, 12), Some(Place::Table(5)));
        assert_eq!(Place::Row(2).clamped(3, 12), Some(Place::Row(2)));
        assert_eq!(Place::Row(2).clamped(0, 12), Some(Place::Table(0)));
        assert_eq!(Place::Table(3).clamped(3, 0), Some(Place::Row(0)));
        assert_eq!(Place::Table(3).clamped(0, 0), None);
        assert_eq!(Place::Row(1).clamped(0, 0), None);
    }

    /// The board areas of the layout tests' phones and of desktops, with a
    /// row above the table and without.
    const AREAS: [(f64, f64); 10] = [
        (320.0, 420.0),
        (360.0, 500.0),
        (375.0, 520.0),
        (390.0, 700.0),
        (412.0, 760.0),
        (640.0, 250.0),
        (844.0, 300.0),
        (1280.0, 640.0),
        (1920.0, 960.0),
        (768.0, 900.0),
    ];

    #[test]
    fn a_card_that_stays_keeps_its_place_whatever_the_table_grows_or_shrinks_to() {
        let ways = [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra];
        for (w, h) in AREAS {
            for variant in ways {
                let plan = Plan::for_variant(variant);
                let rows = if plan.row > 0 { vec![0, 3.min(plan.row), plan.row] } else { vec![0] };
                let full = Board::planned(w, h, plan.most, plan.row, plan);
                for table in 1..=plan.most {
                    for &row in &rows {
                        let board = Board::planned(w, h, table, row, plan);
                        for slot in 0..plan.most {
                            let want = if slot < table { full.rect(Place::Table(slot)) } else { None };
                            assert_eq!(
                                board.rect(Place::Table(slot)),
                                want,
                                "{w}x{h} {variant:?} {table}+{row}: slot {slot}"
                            );
                        }
                        for index in 0..plan.row {
                            let want = if index < row { full.rect(Place::Row(index)) } else { None };
                            assert_eq!(
                                board.rect(Place::Row(index)),
                                want,
                                "{w}x{h} {variant:?} {table}+{row}: row {index}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_planned_grid_fits_its_most_cards_and_the_first_table_fills_whole_rows() {
        for (w, h) in AREAS {
            let plan = Plan::for_variant(Variant::Classic);
            let board = Board::planned(w, h, 21, 0, plan);
            assert_eq!(board.table.slots, 21);
            assert_eq!(12 % board.table.cols, 0, "{w}x{h}: {:?}", board.table);
            for slot in 0..21 {
                let r = board.rect(Place::Table(slot)).unwrap();
                assert!(r.x >= 0.0 && r.y >= 0.0 && r.x + r.w <= w && r.y + r.h <= h, "{w}x{h}: {r:?}");
            }
            // Cards stay large enough to read: not much smaller than the
            // largest grid of 21 would make them.
            let unplanned = Layout::new(w, h, 21);
            assert!(board.table.card_w >= unplanned.card_w * 0.85, "{w}x{h}: {:?} vs {unplanned:?}", board.table);
        }
        // More than planned re-lays the board rather than leaving cards off it.
        let plan = Plan::for_variant(Variant::Ultra);
        let board = Board::planned(1280.0, 640.0, 24, 5, plan);
        assert!((0..24).all(|slot| board.rect(Place::Table(slot)).is_some()));
    }

    #[test]
    fn tiny_or_degenerate_areas_do_not_panic() {
        for (w, h) in [(0.0, 0.0), (-5.0, 10.0), (f64::NAN, 100.0), (1.0, 1.0)] {
            let layout = Layout::new(w, h, 12);
            assert!(layout.card_w >= 1.0 && layout.card_h >= 1.0, "{w}x{h}: {layout:?}");
            assert!(layout.slot_rect(11).is_some_and(|r| r.x.is_finite() && r.y.is_finite()));
            assert_eq!(layout.hit_test(f64::NAN, 0.5), None);
        }
    }
}
