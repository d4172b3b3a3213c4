//! A bot that can play any seat.
