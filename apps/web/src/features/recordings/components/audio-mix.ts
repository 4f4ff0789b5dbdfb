/**
 * Several streams' audio as one (Web Audio: each a MediaStreamAudioSourceNode into one
 * MediaStreamAudioDestinationNode), for one MediaRecorder: in an online session, the
 * professional's microphone and the patient's voice as it arrives from the call.
 */
export class AudioMix {
  private readonly context = new AudioContext();
  private readonly destination = this.context.createMediaStreamDestination();
  private readonly inputs = new Map<MediaStream, MediaStreamAudioSourceNode>();

  constructor(streams: readonly MediaStream[]) {
    this.set(streams);
    // Started by a click, so allowed to play; resumed in case the browser created it suspended.
    void this.context.resume();
  }

  /** The mixed audio, for the recorder. */
  get stream(): MediaStream {
    return this.destination.stream;
  }

  /** Mixes exactly these streams from now on (a new call after a reconnection, another microphone); those without audio are left out. */
  set(streams: readonly MediaStream[]): void {
    for (const [stream, node] of this.inputs) {
      if (streams.includes(stream)) continue;
      node.disconnect();
      this.inputs.delete(stream);
    }
    for (const stream of streams) {
      if (this.inputs.has(stream) || stream.getAudioTracks().length === 0) continue;
      const node = this.context.createMediaStreamSource(stream);
      node.connect(this.destination);
      this.inputs.set(stream, node);
    }
  }

  /** Stops mixing; the streams themselves (the call's) go on. */
  close(): void {
    for (const node of this.inputs.values()) node.disconnect();
    this.inputs.clear();
    void this.context.close();
  }
}
