//! One connection's SSH handler: who may log in, which requests are granted (a pty and a
//! shell on one session channel, nothing else), and the client's bytes on their way to the
//! session.
//!
//! Refused: exec requests, subsystems (sftp), port forwarding both ways, agent and X11
//! forwarding, environment variables, and a second session channel on the same connection.
//! Input is held to [`INPUT_RATE`] bytes a second (a burst of [`INPUT_BURST`]), window
//! changes included (each counts [`WINDOW_CHANGE_BYTES`]): a client that types faster is
//! slowed down, not dropped, since the handler waits before reading on. Window changes are
//! coalesced ([`Client`]): a storm of them leaves one size for the session to take.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::keys::{HashAlg, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};

use super::console::{Client, End, Incoming, clamp_size};
use super::input::InputParser;
use super::limits::{Permit, Refusal};
use super::outbox::Outbox;
use super::players::Player;
use super::session::{self, Shared, Start};

/// The most input bytes a second a client may send, on average.
pub const INPUT_RATE: f64 = 4096.0;
/// The most input bytes a client may send at once.
pub const INPUT_BURST: f64 = 16.0 * 1024.0;
/// Input events waiting for the session.
pub const INPUT_QUEUE: usize = 1024;
/// What a window change counts for against the input rate, in bytes: about what its packet
/// takes on the wire (the request's name, four sizes, framing and MAC).
pub const WINDOW_CHANGE_BYTES: usize = 64;

/// What the connection's log line needs to know.
#[derive(Debug, Default)]
pub struct Record {
    /// Who logged in, once someone did.
    pub player: Mutex<Option<Player>>,
    /// Whether a session was started.
    pub started: AtomicBool,
    /// Why the session ended, once it did.
    pub end: Arc<Mutex<Option<End>>>,
    /// Why a login was accepted but given no session place, when it was.
    pub refused: Mutex<Option<Refusal>>,
    /// The session's outbox, once it started.
    pub outbox: Mutex<Option<Arc<Outbox>>>,
}

/// The keys allowed in, when `--authorized-keys` restricts who may connect.
pub type Allowed = Option<Arc<Vec<PublicKey>>>;

/// The SSH handler of one connection.
pub struct Handler {
    shared: Arc<Shared>,
    record: Arc<Record>,
    allowed: Allowed,
    permit: Arc<Permit>,
    peer: IpAddr,
    channel: Option<ChannelId>,
    pty: Option<(String, (u16, u16))>,
    input: Option<SyncSender<Incoming>>,
    client: Arc<Client>,
    parser: InputParser,
    tokens: f64,
    refilled: Instant,
}

impl Handler {
    /// A handler for a new connection.
    #[must_use]
    pub fn new(shared: Arc<Shared>, record: Arc<Record>, allowed: Allowed, permit: Permit) -> Self {
        Self {
            shared,
            record,
            allowed,
            permit: Arc::new(permit),
            peer: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            channel: None,
            pty: None,
            input: None,
            client: Arc::default(),
            parser: InputParser::new(),
            tokens: INPUT_BURST,
            refilled: Instant::now(),
        }
    }

    /// This handler, for a connection from `peer`.
    #[must_use]
    pub fn from(mut self, peer: IpAddr) -> Self {
        self.peer = peer;
        self
    }

    fn allows(&self, key: &PublicKey) -> bool {
        self.allowed
            .as_ref()
            .is_none_or(|keys| keys.iter().any(|k| k.key_data() == key.key_data()))
    }

    fn methods(&self) -> MethodSet {
        if self.allowed.is_some() {
            MethodSet::from(&[MethodKind::PublicKey][..])
        } else {
            MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..])
        }
    }

    /// Takes a session place for `player`; when there is none, the player is told at the
    /// shell request why (the login itself is accepted, so that the client shows the message).
    fn logged_in(&self, player: Player) {
        if let Err(refusal) = self.permit.log_in() {
            *self
                .record
                .refused
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(refusal);
            return;
        }
        *self
            .record
            .player
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(player);
    }

    fn is_ours(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// Waits until `bytes` more input fit under the rate.
    async fn throttle(&mut self, bytes: usize) {
        let now = Instant::now();
        let elapsed = now.duration_since(self.refilled).as_secs_f64();
        self.refilled = now;
        self.tokens = (self.tokens + elapsed * INPUT_RATE).min(INPUT_BURST);
        self.tokens -= bytes as f64;
        if self.tokens < 0.0 {
            tokio::time::sleep(Duration::from_secs_f64(-self.tokens / INPUT_RATE)).await;
        }
    }

    async fn send(&self, input: Incoming) {
        let Some(sender) = &self.input else { return };
        let mut input = input;
        for _ in 0..100 {
            match sender.try_send(input) {
                Ok(()) | Err(TrySendError::Disconnected(_)) => return,
                Err(TrySendError::Full(back)) => {
                    input = back;
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
    }

    fn start(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), russh::Error> {
        let refused = *self
            .record
            .refused
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(refusal) = refused {
            return Self::refuse(channel, session, &refusal.to_string());
        }
        let Some((term, size)) = self.pty.clone() else {
            let _ = session.extended_data(
                channel,
                1,
                &b"sokoshot needs a terminal: connect with `ssh -t`\r\n"[..],
            );
            session.channel_failure(channel)?;
            return session.close(channel);
        };
        let player = self
            .record
            .player
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
            .unwrap_or(Player::Guest);
        let (sender, receiver) = sync_channel(INPUT_QUEUE);
        let outbox = Arc::new(Outbox::default());
        let start = Start {
            size,
            term,
            player,
            peer: self.peer,
            input: receiver,
            client: Arc::clone(&self.client),
            outbox: Arc::clone(&outbox),
        };
        let done = Arc::clone(&self.record.end);
        if session::spawn(
            Arc::clone(&self.shared),
            start,
            done,
            Arc::clone(&self.permit),
        )
        .is_err()
        {
            session.channel_failure(channel)?;
            return session.close(channel);
        }
        tokio::spawn(session::pump(
            Arc::clone(&outbox),
            session.handle(),
            channel,
            sender.clone(),
            self.shared.max_bytes_per_second,
            self.shared.wake.subscribe(),
        ));
        self.input = Some(sender);
        *self
            .record
            .outbox
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(outbox);
        self.shared.unlogged.fetch_add(1, Ordering::SeqCst);
        self.record.started.store(true, Ordering::SeqCst);
        session.channel_success(channel)
    }

    fn refuse(channel: ChannelId, session: &mut Session, why: &str) -> Result<(), russh::Error> {
        let _ = session.extended_data(channel, 1, format!("sokoshot: {why}\r\n").into_bytes());
        session.channel_failure(channel)?;
        session.close(channel)
    }
}

impl Drop for Handler {
    /// The connection is gone (however it ended): the session must hear of it, even though
    /// the writer task still holds a sender of its own.
    fn drop(&mut self) {
        self.client.leave();
        if let Some(sender) = &self.input {
            let _ = sender.try_send(Incoming::Closed);
        }
    }
}

impl russh::server::Handler for Handler {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::Reject {
            proceed_with_methods: Some(self.methods()),
            partial_success: false,
        })
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(if self.allows(offer.public_key) {
            Auth::Accept
        } else {
            Auth::reject()
        })
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if !self.allows(key.public_key) {
            return Ok(Auth::reject());
        }
        self.logged_in(Player::Key(
            key.public_key.fingerprint(HashAlg::Sha256).to_string(),
        ));
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if self.allowed.is_some() {
            return Ok(Auth::reject());
        }
        self.logged_in(Player::Guest);
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
        } else {
            self.channel = Some(channel.id());
            reply.accept().await;
        }
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host_to_connect: &str,
        _port_to_connect: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn channel_open_forwarded_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host_to_connect: &str,
        _port_to_connect: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        _socket_path: &str,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.is_ours(channel) || self.pty.is_some() {
            return session.channel_failure(channel);
        }
        let term: String = term.chars().take(64).collect();
        self.pty = Some((term, clamp_size(col_width, row_height)));
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.is_ours(channel) || self.input.is_some() {
            return session.channel_failure(channel);
        }
        self.start(channel, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        Self::refuse(
            channel,
            session,
            "this server runs only the game: connect without a command",
        )
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        Self::refuse(channel, session, "no subsystems here (no sftp, no scp)")
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _variable_name: &str,
        _variable_value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn streamlocal_forward(
        &mut self,
        _socket_path: &str,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.is_ours(channel) || self.input.is_none() {
            return Ok(());
        }
        self.throttle(data.len()).await;
        let mut events = Vec::new();
        self.parser.feed(data, |event| events.push(event));
        for event in events {
            self.send(Incoming::Event(event)).await;
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.is_ours(channel) {
            return Ok(());
        }
        self.throttle(WINDOW_CHANGE_BYTES).await;
        let size = clamp_size(col_width, row_height);
        if self.input.is_none() {
            if let Some((_, before)) = &mut self.pty {
                *before = size;
            }
        } else if self.client.resized(size) {
            self.send(Incoming::Resize).await;
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.is_ours(channel) {
            self.client.leave();
            self.send(Incoming::Closed).await;
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.is_ours(channel) {
            self.client.leave();
            self.send(Incoming::Closed).await;
        }
        Ok(())
    }
}
