//! The frames of one session on their way to the client: a queue bounded by
//! [`MAX_QUEUED_BYTES`] (plus the one frame that made it go over), filled by the session's
//! thread and emptied by the writer task into the channel.
//!
//! When a client stops reading, the frames it has not taken are not piled up: a frame that
//! does not fit is skipped, the outbox remembers that the client's screen is behind, and once
//! the writer has emptied it, [`Outbox::caught_up`] asks for one full redraw, so the client
//! jumps to the latest frame. Server memory per session stays flat however long the client
//! stalls. The outbox also counts the frames skipped and the frames the session's pacer put
//! off, for the connection's log line.

use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard};

/// The most bytes of frames waiting for a client that is slow to read.
pub const MAX_QUEUED_BYTES: usize = 64 * 1024;

/// Frames waiting for the writer task, bounded by [`MAX_QUEUED_BYTES`].
#[derive(Debug, Default)]
pub struct Outbox {
    state: Mutex<OutboxState>,
    /// Wakes the writer task when something was queued.
    pub notify: tokio::sync::Notify,
}

#[derive(Debug, Default)]
struct OutboxState {
    frames: VecDeque<Vec<u8>>,
    bytes: usize,
    /// A frame was skipped; the client needs a full redraw once the queue is empty.
    behind: bool,
    /// The session ended with this exit status; nothing more will be queued.
    done: Option<u32>,
    /// Frames skipped because the client was behind.
    skipped: u64,
    /// Frames put off because the session's frames cost more to draw than its share.
    deferred: u64,
    /// Window sizes the session took.
    resized: u64,
    /// Reads of input put off because the session was past its share of a core.
    held: u64,
}

/// What the writer task should do next.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// Send these bytes.
    Send(Vec<u8>),
    /// The session is over: send this exit status and close the channel.
    Close(u32),
    /// Nothing to do until notified.
    Wait,
}

impl Outbox {
    fn lock(&self) -> MutexGuard<'_, OutboxState> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Queues a frame unless the queue is over its bound; false when the frame was skipped.
    pub fn push(&self, frame: Vec<u8>) -> bool {
        let mut state = self.lock();
        if !state.frames.is_empty() && state.bytes + frame.len() > MAX_QUEUED_BYTES {
            state.behind = true;
            state.skipped += 1;
            return false;
        }
        state.bytes += frame.len();
        state.frames.push_back(frame);
        drop(state);
        self.notify.notify_one();
        true
    }

    /// Notes that a frame was skipped without being offered.
    pub fn mark_behind(&self) {
        let mut state = self.lock();
        state.behind = true;
        state.skipped += 1;
    }

    /// Notes that a frame was put off by the session's pacer.
    pub fn mark_deferred(&self) {
        self.lock().deferred += 1;
    }

    /// Frames put off so far because they cost more to draw than the session's share.
    #[must_use]
    pub fn deferred(&self) -> u64 {
        self.lock().deferred
    }

    /// Notes that a read of input was put off: the session was past its share of a core.
    pub fn mark_held(&self) {
        self.lock().held += 1;
    }

    /// Reads of input put off so far because the session was past its share of a core.
    #[must_use]
    pub fn held(&self) -> u64 {
        self.lock().held
    }

    /// Notes that the session took a new window size.
    pub fn mark_resized(&self) {
        self.lock().resized += 1;
    }

    /// Window sizes the session took so far.
    #[must_use]
    pub fn resized(&self) -> u64 {
        self.lock().resized
    }

    /// Frames skipped so far because the client was behind.
    #[must_use]
    pub fn skipped(&self) -> u64 {
        self.lock().skipped
    }

    /// Queues the last bytes of a session (restoring the client's terminal) whatever the
    /// queue holds, and the exit status to close with.
    pub fn finish(&self, last: Vec<u8>, status: u32) {
        let mut state = self.lock();
        state.bytes += last.len();
        state.frames.push_back(last);
        state.done = Some(status);
        drop(state);
        self.notify.notify_one();
    }

    /// The writer's next step.
    pub fn next(&self) -> Step {
        let mut state = self.lock();
        if let Some(frame) = state.frames.pop_front() {
            state.bytes -= frame.len();
            return Step::Send(frame);
        }
        state.done.map_or(Step::Wait, Step::Close)
    }

    /// After a send: true (once) when the queue is empty and frames were skipped, that is,
    /// when the client should now get a full redraw.
    pub fn caught_up(&self) -> bool {
        let mut state = self.lock();
        if state.frames.is_empty() && state.behind && state.done.is_none() {
            state.behind = false;
            return true;
        }
        false
    }

    /// Bytes waiting now.
    #[must_use]
    pub fn queued_bytes(&self) -> usize {
        self.lock().bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outbox_skips_frames_past_its_bound_and_asks_for_one_redraw_when_emptied() {
        let outbox = Outbox::default();
        let big = vec![b'x'; MAX_QUEUED_BYTES / 2 + 1];
        assert!(outbox.push(big.clone()), "the first frame always fits");
        assert!(
            !outbox.push(big.clone()),
            "a second one would pass the bound"
        );
        assert!(outbox.queued_bytes() <= MAX_QUEUED_BYTES + big.len());
        assert_eq!(outbox.next(), Step::Send(big));
        assert!(outbox.caught_up(), "empty after a skip: redraw");
        assert!(!outbox.caught_up(), "only once");
        assert_eq!(outbox.next(), Step::Wait);
    }

    #[test]
    fn a_frame_larger_than_the_bound_still_goes_out_alone() {
        let outbox = Outbox::default();
        assert!(outbox.push(vec![0; 2 * MAX_QUEUED_BYTES]));
        assert!(!outbox.push(vec![0; 1]));
    }

    #[test]
    fn the_last_bytes_go_out_even_when_the_queue_is_full_then_the_channel_closes() {
        let outbox = Outbox::default();
        outbox.push(vec![0; MAX_QUEUED_BYTES]);
        outbox.finish(b"bye".to_vec(), 0);
        assert!(matches!(outbox.next(), Step::Send(_)));
        assert_eq!(outbox.next(), Step::Send(b"bye".to_vec()));
        assert_eq!(outbox.next(), Step::Close(0));
    }
}
