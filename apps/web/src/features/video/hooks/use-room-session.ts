import { messages, type RoomView } from '@consultorio/shared';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { RoomTransport } from '../api/room-transport';
import { PeerCall, type CallQuality, type CallState } from '../lib/peer-call';
import { RoomChannel } from '../lib/room-channel';
import { joinedFlag, tabClientId } from '../lib/tab-ids';

export interface ChatLine {
  id: number;
  fromSelf: boolean;
  text: string;
  at: string;
}

export interface RoomSession {
  phase: 'preview' | 'joining' | 'in-room' | 'left' | 'refused';
  call: CallState;
  quality: CallQuality | null;
  remoteStream: MediaStream | null;
  chat: ChatLine[];
  /** Why the room refused this page. */
  refusal: string | null;
  /** The last thing worth saying aloud (the other one left, the connection came back). */
  notice: string | null;
  /** The two have been connected in this page. */
  hasMet: boolean;
  /** The other participant (the professional) is recording the session. */
  peerRecording: boolean;
}

type Action =
  | { type: 'joining' }
  | { type: 'in-room' }
  | { type: 'call'; state: CallState }
  | { type: 'quality'; quality: CallQuality }
  | { type: 'remote'; stream: MediaStream | null }
  | { type: 'chat'; line: Omit<ChatLine, 'id'> }
  | { type: 'notice'; notice: string }
  | { type: 'refused'; message: string }
  | { type: 'peer-recording'; recording: boolean }
  | { type: 'left' };

const initial: RoomSession = { phase: 'preview', call: 'waiting', quality: null, remoteStream: null, chat: [], refusal: null, notice: null, hasMet: false, peerRecording: false };

function reduce(session: RoomSession, action: Action): RoomSession {
  switch (action.type) {
    case 'joining':
      return { ...initial, chat: session.chat, hasMet: session.hasMet, phase: 'joining' };
    case 'in-room':
      return session.phase === 'joining' ? { ...session, phase: 'in-room' } : session;
    case 'call': {
      const cameBack = session.call === 'reconnecting' && action.state === 'connected';
      return {
        ...session,
        call: action.state,
        quality: action.state === 'connected' ? session.quality : null,
        hasMet: session.hasMet || action.state === 'connected',
        notice: cameBack ? messages.video.reconnected : session.notice,
      };
    }
    case 'quality':
      return { ...session, quality: action.quality };
    case 'remote':
      return { ...session, remoteStream: action.stream };
    case 'chat':
      return { ...session, chat: [...session.chat, { ...action.line, id: session.chat.length + 1 }] };
    case 'notice':
      return { ...session, notice: action.notice };
    case 'peer-recording':
      return { ...session, peerRecording: action.recording };
    case 'refused':
      return { ...session, phase: 'refused', refusal: action.message, remoteStream: null };
    case 'left':
      return { ...session, phase: 'left', remoteStream: null, call: 'waiting', quality: null, peerRecording: false };
  }
}

export interface RoomSessionControls {
  session: RoomSession;
  join: (localStream: MediaStream) => void;
  leave: () => void;
  sendChat: (text: string) => void;
  /** A new camera or microphone, or the shared screen, sent in place of the current track of its kind. */
  replaceTrack: (track: MediaStreamTrack, stream: MediaStream) => void;
  /** The professional tells the patient whether the session is being recorded (again to a page of theirs that comes back). */
  announceRecording: (recording: boolean) => void;
}

/**
 * One participant in the room: the signalling channel and the WebRTC call tied to the page's
 * state. A page that had joined before a reload joins again by itself (`joinedFlag`).
 */
export function useRoomSession(view: RoomView, transport: RoomTransport, roomKey: string): RoomSessionControls {
  const [session, dispatch] = useReducer(reduce, initial);
  const channel = useRef<RoomChannel | null>(null);
  const call = useRef<PeerCall | null>(null);
  const pageId = useRef(crypto.randomUUID().replaceAll('-', ''));
  const recording = useRef(false);

  const stop = useCallback(() => {
    channel.current?.stop();
    call.current?.close();
    channel.current = null;
    call.current = null;
  }, []);

  const join = useCallback(
    (localStream: MediaStream) => {
      stop();
      dispatch({ type: 'joining' });
      joinedFlag(roomKey).set();
      const peer = new PeerCall(view.role, localStream, [], {
        send: (signal) => channel.current?.send(signal),
        onRemoteStream: (stream) => dispatch({ type: 'remote', stream }),
        onState: (state) => dispatch({ type: 'call', state }),
        onQuality: (quality) => dispatch({ type: 'quality', quality }),
        onChat: (text, at) => dispatch({ type: 'chat', line: { fromSelf: false, text, at } }),
        onRecording: (on) => dispatch({ type: 'peer-recording', recording: on }),
      });
      // A page of the patient's that (re)enters learns that the session is being recorded.
      const tellRecording = () => {
        if (recording.current) channel.current?.send({ kind: 'recording', recording: true });
      };
      call.current = peer;
      channel.current = new RoomChannel(
        transport,
        { clientId: tabClientId(), pageId: pageId.current },
        {
          onWelcome: ({ iceServers, peerPageId }) => {
            dispatch({ type: 'in-room' });
            peer.setIceServers(iceServers);
            // Also after the stream was cut: the other one may have come back on a new page, or left meanwhile.
            if (peerPageId) {
              peer.peerPresent(peerPageId);
              tellRecording();
            } else peer.peerLeft();
          },
          onPeerJoined: (peerPage) => {
            peer.peerPresent(peerPage);
            tellRecording();
          },
          onPeerLeft: () => {
            peer.peerLeft();
            // The professional's recording stops with their page.
            if (view.role === 'patient') dispatch({ type: 'peer-recording', recording: false });
            dispatch({ type: 'notice', notice: messages.video.peerLeft(view.peerName) });
          },
          onSignal: (signal, from) => peer.handleSignal(signal, from),
          onInterrupted: () => undefined,
          onRefused: (message) => {
            joinedFlag(roomKey).clear();
            peer.close();
            dispatch({ type: 'refused', message });
          },
        },
      );
      channel.current.start();
    },
    [roomKey, stop, transport, view.peerName, view.role],
  );

  const leave = useCallback(() => {
    joinedFlag(roomKey).clear();
    stop();
    dispatch({ type: 'left' });
  }, [roomKey, stop]);

  const sendChat = useCallback((text: string) => {
    channel.current?.send({ kind: 'chat', text });
    dispatch({ type: 'chat', line: { fromSelf: true, text, at: new Date().toISOString() } });
  }, []);

  const replaceTrack = useCallback((track: MediaStreamTrack, stream: MediaStream) => {
    call.current?.setLocalStream(stream);
    void call.current?.replaceTrack(track);
  }, []);

  const announceRecording = useCallback((on: boolean) => {
    if (recording.current === on) return;
    recording.current = on;
    channel.current?.send({ kind: 'recording', recording: on });
  }, []);

  useEffect(() => stop, [stop]);

  return { session, join, leave, sendChat, replaceTrack, announceRecording };
}
