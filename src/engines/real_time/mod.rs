//! The real-time engines: a move chosen after a bounded lookahead, the heuristic learned as the
//! agent goes.

pub(super) mod lrta_star;
