//! The four basic actions (MA-ACT-7): [`move_`] (MA-MOVE), [`attack`] (MA-ATTACK),
//! [`spy`] (MA-SPY) and [`plan`] (MA-PLAN).

pub mod attack;
pub mod move_;
pub mod plan;
pub mod spy;
