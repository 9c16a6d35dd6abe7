//! A socket that counts the bytes through it each way, for a connection's log line, and
//! that can stop reading, as a client whose process is stopped does (the server's examples
//! and tests measure their clients with it, and stop them reading).

use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, Waker};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The bytes that went through a socket each way, and the switch that stops its reads.
#[derive(Debug, Default)]
pub struct Counts {
    read: AtomicU64,
    written: AtomicU64,
    paused: AtomicBool,
    /// The read waiting while paused, woken when reads resume.
    waker: Mutex<Option<Waker>>,
}

impl Counts {
    /// The bytes read so far.
    pub fn read(&self) -> u64 {
        self.read.load(Ordering::Relaxed)
    }

    /// The bytes written so far.
    pub fn written(&self) -> u64 {
        self.written.load(Ordering::Relaxed)
    }

    /// Stops (`true`) or resumes (`false`) the socket's reads.
    pub fn pause(&self, on: bool) {
        self.paused.store(on, Ordering::SeqCst);
        let waiting = self
            .waker
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if !on && let Some(waker) = waiting {
            waker.wake();
        }
    }
}

/// A socket whose bytes are counted in [`Counts`].
#[derive(Debug)]
pub struct Counted<S> {
    inner: S,
    counts: Arc<Counts>,
}

impl<S> Counted<S> {
    /// `inner`, its bytes counted in `counts`.
    pub fn new(inner: S, counts: Arc<Counts>) -> Self {
        Self { inner, counts }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Counted<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.counts.paused.load(Ordering::SeqCst) {
            *self
                .counts
                .waker
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(cx.waker().clone());
            // Resumed between the two looks: its wake found no waker, so read now.
            if self.counts.paused.load(Ordering::SeqCst) {
                return Poll::Pending;
            }
        }
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        let n = buf.filled().len() - before;
        self.counts.read.fetch_add(n as u64, Ordering::Relaxed);
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Counted<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = polled {
            self.counts.written.fetch_add(n as u64, Ordering::Relaxed);
        }
        polled
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
