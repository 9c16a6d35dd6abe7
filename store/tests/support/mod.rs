//! What the store's tests share.

pub mod postgres;
