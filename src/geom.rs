//! Shapes and collision queries.
