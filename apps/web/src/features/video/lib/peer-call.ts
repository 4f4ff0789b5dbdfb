import type { IceServerConfig, VideoRole, VideoSignal } from '@consultorio/shared';

/** Where the call stands, as the page shows it. */
export type CallState = 'waiting' | 'connecting' | 'connected' | 'reconnecting';
export type CallQuality = 'good' | 'poor';

export interface PeerCallHandlers {
  send(signal: VideoSignal): void;
  onRemoteStream(stream: MediaStream | null): void;
  onState(state: CallState): void;
  onQuality(quality: CallQuality): void;
  onChat(text: string, at: string): void;
  /** The professional started or stopped recording the session. */
  onRecording(recording: boolean): void;
}

/** How long a connection may stay 'disconnected' before ICE is restarted (it often comes back alone). */
const RESTART_AFTER_MS = 2500;
const STATS_EVERY_MS = 3000;
/** Above these the connection is called poor: 400 ms round trip, 5 % of the video's packets lost. */
const POOR_RTT_SECONDS = 0.4;
const POOR_LOSS = 0.05;

/**
 * One-to-one WebRTC call, media browser to browser (DTLS-SRTP). The professional always offers
 * and the patient answers, so the two never offer at once. A new page of the other participant
 * (a reload) starts a new connection; a connection that drops is restarted (ICE restart: the
 * professional offers again, the patient asks for it). Signals are handled one at a time.
 */
export class PeerCall {
  private pc: RTCPeerConnection | null = null;
  private peerPageId: string | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private work: Promise<void> = Promise.resolve();
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private lastVideoCounts = { lost: 0, received: 0 };
  private hasConnected = false;
  private remote: MediaStream | null = null;

  constructor(
    private readonly role: VideoRole,
    private localStream: MediaStream,
    private iceServers: IceServerConfig[],
    private readonly handlers: PeerCallHandlers,
  ) {}

  setIceServers(iceServers: IceServerConfig[]): void {
    this.iceServers = iceServers;
    this.pc?.setConfiguration({ iceServers });
  }

  /** The other participant is in the room with this page (a page not seen before starts a new connection). */
  peerPresent(pageId: string): void {
    if (pageId === this.peerPageId && this.pc) return;
    this.reset();
    this.peerPageId = pageId;
    this.handlers.onState('connecting');
    // The professional offers as soon as the tracks are added (negotiationneeded); the patient waits for the offer.
    if (this.role === 'professional') this.createConnection();
  }

  peerLeft(): void {
    this.reset();
    this.peerPageId = null;
    this.handlers.onState('waiting');
  }

  handleSignal(signal: VideoSignal, from: { pageId: string; at: string }): void {
    if (signal.kind === 'chat') {
      this.handlers.onChat(signal.text, from.at);
      return;
    }
    if (signal.kind === 'recording') {
      this.handlers.onRecording(signal.recording);
      return;
    }
    this.work = this.work.then(() => this.apply(signal, from.pageId)).catch((error: unknown) => console.warn('video signal', error));
  }

  /** A camera, a microphone or a shared screen in place of the current track of its kind, without a new negotiation. */
  async replaceTrack(track: MediaStreamTrack): Promise<void> {
    const sender = this.pc?.getSenders().find((candidate) => candidate.track?.kind === track.kind);
    await sender?.replaceTrack(track);
  }

  setLocalStream(stream: MediaStream): void {
    this.localStream = stream;
  }

  close(): void {
    this.reset();
    this.peerPageId = null;
  }

  private async apply(signal: Exclude<VideoSignal, { kind: 'chat' | 'recording' }>, pageId: string): Promise<void> {
    if (pageId !== this.peerPageId) this.peerPresent(pageId);
    switch (signal.kind) {
      case 'description': {
        const pc = this.pc ?? this.createConnection();
        await pc.setRemoteDescription(signal.description);
        if (signal.description.type === 'offer') {
          await pc.setLocalDescription();
          if (pc.localDescription) this.handlers.send({ kind: 'description', description: { type: 'answer', sdp: pc.localDescription.sdp } });
        }
        for (const candidate of this.pendingCandidates.splice(0)) await pc.addIceCandidate(candidate);
        return;
      }
      case 'candidate':
        if (this.pc?.remoteDescription) await this.pc.addIceCandidate(signal.candidate);
        else this.pendingCandidates.push(signal.candidate);
        return;
      case 'restart':
        if (this.role === 'professional') this.pc?.restartIce();
        return;
    }
  }

  private createConnection(): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    this.pc = pc;
    this.addTracks(pc);
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate || this.pc !== pc) return;
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
      this.handlers.send({ kind: 'candidate', candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment } });
    };
    pc.ontrack = ({ track, streams }) => {
      if (this.pc !== pc) return;
      this.remote = streams[0] ?? this.remote ?? new MediaStream();
      if (!this.remote.getTracks().includes(track)) this.remote.addTrack(track);
      this.handlers.onRemoteStream(this.remote);
    };
    pc.onnegotiationneeded = () => {
      if (this.role !== 'professional' || this.pc !== pc) return;
      this.work = this.work.then(() => this.offer(pc)).catch((error: unknown) => console.warn('video offer', error));
    };
    pc.onconnectionstatechange = () => {
      if (this.pc === pc) this.onConnectionState(pc);
    };
    this.statsTimer = setInterval(() => void this.measure(pc), STATS_EVERY_MS);
    return pc;
  }

  /** The local tracks, and a receive-only place for a kind this side has no device for. */
  private addTracks(pc: RTCPeerConnection): void {
    for (const kind of ['audio', 'video'] as const) {
      const track = this.localStream.getTracks().find((candidate) => candidate.kind === kind);
      if (track) pc.addTrack(track, this.localStream);
      else if (this.role === 'professional') pc.addTransceiver(kind, { direction: 'recvonly' });
    }
  }

  private async offer(pc: RTCPeerConnection): Promise<void> {
    if (pc.signalingState !== 'stable') return;
    await pc.setLocalDescription();
    if (pc.localDescription) this.handlers.send({ kind: 'description', description: { type: 'offer', sdp: pc.localDescription.sdp } });
  }

  private onConnectionState(pc: RTCPeerConnection): void {
    switch (pc.connectionState) {
      case 'connected':
        clearTimeout(this.restartTimer);
        this.restartTimer = undefined;
        this.hasConnected = true;
        this.handlers.onState('connected');
        return;
      case 'disconnected':
      case 'failed':
        this.handlers.onState(this.hasConnected ? 'reconnecting' : 'connecting');
        this.handlers.onQuality('poor');
        if (this.restartTimer === undefined) {
          this.restartTimer = setTimeout(
            () => {
              this.restartTimer = undefined;
              if (this.pc !== pc || pc.connectionState === 'connected') return;
              if (this.role === 'professional') pc.restartIce();
              else this.handlers.send({ kind: 'restart' });
            },
            pc.connectionState === 'failed' ? 0 : RESTART_AFTER_MS,
          );
        }
        return;
      case 'new':
      case 'connecting':
      case 'closed':
        return;
    }
  }

  /** Round trip of the pair in use and the video's packet loss since the last look. */
  private async measure(pc: RTCPeerConnection): Promise<void> {
    if (this.pc !== pc || pc.connectionState !== 'connected') return;
    const report = await pc.getStats();
    let rtt: number | undefined;
    let lost = 0;
    let received = 0;
    report.forEach((stat: { type: string; state?: string; nominated?: boolean; currentRoundTripTime?: number; kind?: string; packetsLost?: number; packetsReceived?: number }) => {
      if (stat.type === 'candidate-pair' && stat.state === 'succeeded' && stat.nominated && stat.currentRoundTripTime !== undefined) rtt = stat.currentRoundTripTime;
      if (stat.type === 'inbound-rtp' && stat.kind === 'video') {
        lost += stat.packetsLost ?? 0;
        received += stat.packetsReceived ?? 0;
      }
    });
    const newLost = lost - this.lastVideoCounts.lost;
    const newReceived = received - this.lastVideoCounts.received;
    this.lastVideoCounts = { lost, received };
    const loss = newLost + newReceived > 0 ? newLost / (newLost + newReceived) : 0;
    this.handlers.onQuality((rtt ?? 0) > POOR_RTT_SECONDS || loss > POOR_LOSS ? 'poor' : 'good');
  }

  private reset(): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    clearInterval(this.statsTimer);
    this.pc?.close();
    this.pc = null;
    this.pendingCandidates = [];
    this.lastVideoCounts = { lost: 0, received: 0 };
    this.hasConnected = false;
    if (this.remote) {
      this.remote = null;
      this.handlers.onRemoteStream(null);
    }
  }
}
