//! The techniques a step names, and the ladders (Solo, Keen, Unruly) that rank them into a
//! grade and a score.

/// A technique, as the steps name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Technique {
    /// A value with one place left in an area (`block`: a box or region).
    HiddenSingle {
        /// Whether the area is a box or region, not a line.
        block: bool,
    },
    /// A cell with one candidate left.
    NakedSingle,
    /// A value confined to where two areas meet.
    Intersection,
    /// Cells of an area holding as many values between them.
    NakedSet(usize),
    /// Values of an area with as many places between them.
    HiddenSet(usize),
    /// A value confined in as many rows as columns.
    Fish(usize),
    /// A chain of two-candidate cells whose ends cannot both lack a value.
    ForcingChain,
    /// A variant's other rule (marks, lines), by its name.
    Rule(&'static str),
    /// Sudoku variants: a candidate that, placed, runs by singles and the rules into a
    /// contradiction.
    Trial,
    /// KenKen: a cell keeps only digits some layout of its cage uses.
    CageDigits,
    /// KenKen: a cell keeps only digits some layout of its cage puts there.
    CageCells,
    /// KenKen: a digit every layout of a cage puts in one line leaves the line's other cells.
    CageLine,
    /// Takuzu: two equal digits side by side or one apart; the cells beside or between take
    /// the other.
    NoThree,
    /// Takuzu: a line with one open cell left; it takes the digit the line lacks.
    LastCell,
    /// Takuzu: a line with half its cells of one digit; the rest take the other.
    Balance,
    /// Takuzu: a line one digit short of half; where that digit would force three of the
    /// other in a row, the other goes.
    NearBalance,
    /// Takuzu: a line one digit short of half, whose digits all sit where a line with half
    /// has them, takes the other digit where the other line has its last one.
    DistinctLines,
    /// No technique applies: the solution's value, guessed.
    #[default]
    Guess,
}

/// A kind's difficulty levels, as Simon Tatham's game for it names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ladder {
    /// Solo (Sudoku).
    Solo,
    /// Unruly (Takuzu).
    Unruly,
    /// Keen (KenKen).
    Keen,
}

impl Ladder {
    /// The level names, easiest first.
    pub fn levels(self) -> &'static [&'static str] {
        match self {
            Ladder::Solo => &[
                "trivial",
                "basic",
                "intermediate",
                "advanced",
                "extreme",
                "unreasonable",
            ],
            Ladder::Unruly => &["trivial", "easy", "normal", "unreasonable"],
            Ladder::Keen => &["easy", "normal", "hard", "extreme", "unreasonable"],
        }
    }
}

impl Technique {
    /// The lowest level that allows the technique, as an index into its ladder's levels.
    pub fn rank(self, ladder: Ladder) -> usize {
        if ladder == Ladder::Keen {
            return match self {
                Technique::CageCells => 1,
                Technique::CageLine | Technique::NakedSet(_) | Technique::HiddenSet(_) => 2,
                Technique::Fish(_) | Technique::ForcingChain | Technique::Trial => 3,
                Technique::Guess => 4,
                _ => 0,
            };
        }
        match self {
            Technique::HiddenSingle { block: true } | Technique::NoThree => 0,
            Technique::LastCell => 0,
            Technique::HiddenSingle { block: false } | Technique::NakedSingle => 1,
            Technique::Balance | Technique::DistinctLines => 1,
            Technique::Intersection | Technique::NearBalance => 2,
            Technique::CageDigits | Technique::CageCells | Technique::CageLine => 2,
            Technique::Rule(_) => 2,
            Technique::NakedSet(_) | Technique::HiddenSet(_) => 3,
            Technique::Fish(_) | Technique::ForcingChain | Technique::Trial => 4,
            Technique::Guess => ladder.levels().len() - 1,
        }
    }

    /// Its weight in the score: easy steps count little, hard ones much.
    pub fn score(self) -> u32 {
        match self {
            Technique::HiddenSingle { block: true } => 10,
            Technique::HiddenSingle { block: false } => 15,
            Technique::NakedSingle => 20,
            Technique::Intersection => 50,
            Technique::NakedSet(k) => 40 + 20 * k as u32,
            Technique::HiddenSet(k) => 50 + 25 * k as u32,
            Technique::Fish(k) => 100 + 40 * k as u32,
            Technique::ForcingChain => 300,
            Technique::Rule(_) => 50,
            Technique::CageDigits => 20,
            Technique::CageCells => 40,
            Technique::CageLine => 80,
            Technique::NoThree => 10,
            Technique::LastCell => 10,
            Technique::Balance => 20,
            Technique::NearBalance => 60,
            Technique::DistinctLines => 80,
            Technique::Trial => 200,
            Technique::Guess => 1000,
        }
    }

    /// Its name in steps and JSON: `hidden single`, `naked pair`, `x-wing`, ...
    pub fn name(self) -> String {
        let size = |k: usize| match k {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            k => format!("set of {k}"),
        };
        match self {
            Technique::HiddenSingle { .. } => "hidden single".into(),
            Technique::NakedSingle => "naked single".into(),
            Technique::Intersection => "intersection".into(),
            Technique::NakedSet(k) => format!("naked {}", size(k)),
            Technique::HiddenSet(k) => format!("hidden {}", size(k)),
            Technique::Fish(2) => "x-wing".into(),
            Technique::Fish(3) => "swordfish".into(),
            Technique::Fish(k) => format!("fish of {k}"),
            Technique::ForcingChain => "forcing chain".into(),
            Technique::Rule(name) => name.into(),
            Technique::CageDigits => "cage digits".into(),
            Technique::CageCells => "cage layouts".into(),
            Technique::CageLine => "cage in a line".into(),
            Technique::NoThree => "no three in a row".into(),
            Technique::LastCell => "last cell".into(),
            Technique::Balance => "half of a digit".into(),
            Technique::NearBalance => "one short of half".into(),
            Technique::DistinctLines => "distinct lines".into(),
            Technique::Trial => "trial".into(),
            Technique::Guess => "guess".into(),
        }
    }
}
