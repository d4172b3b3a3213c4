//! The heuristic Firefly bot (being written).
