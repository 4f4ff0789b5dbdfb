/**
 * Splits a WebM recording (the browser's MediaRecorder, Opus audio) into files that are each
 * under a size limit and each valid alone: the file's head (EBML header, Segment, Info, Tracks)
 * followed by a run of whole Clusters. MediaRecorder writes a live stream: the Segment and its
 * Clusters have an unknown size, so a Cluster ends where the next top-level element begins; each
 * part is written with those sizes known, as a finished file.
 * Each part says where its audio starts, from its first Cluster's timecode, so the timestamps of
 * its transcript can be moved to the recording's clock (docs/decisions.md, 'Long recordings').
 */

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;
const CLUSTER_ID = 0x1f43b675;
const INFO_ID = 0x1549a966;
const TIMECODE_SCALE_ID = 0x2ad7b1;
const CLUSTER_TIMECODE_ID = 0xe7;
/** The Segment's children: one of them after a Cluster of unknown size ends that Cluster. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, INFO_ID, 0x1654ae6b, CLUSTER_ID, 0x1c53bb6b, 0x1254c367, 0x1043a770, 0x1941a469, EBML_ID]);
const CLUSTER_ID_BYTES = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
const SEGMENT_ID_BYTES = Buffer.from([0x18, 0x53, 0x80, 0x67]);

/** A known element size as an 8-byte EBML number. */
function sizeField(size: number): Buffer {
  const field = Buffer.alloc(8);
  field.writeBigUInt64BE(BigInt(size) | (1n << 56n));
  return field;
}

export interface AudioPart {
  bytes: Buffer;
  /** Seconds from the start of the recording where this part's audio begins. */
  startSeconds: number;
}

export class AudioSplitError extends Error {}

/** Whether the bytes begin a WebM (or Matroska) file. */
export function isWebm(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === EBML_ID;
}

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

function readVint(bytes: Buffer, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  start: number;
  dataStart: number;
  /** Null for an unknown size. */
  size: number | null;
}

function readElement(bytes: Buffer, at: number): Element | null {
  const id = readVint(bytes, at, true);
  if (!id) return null;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return null;
  return { id: id.value, start: at, dataStart: at + id.length + size.length, size: size.unknown ? null : size.value };
}

function readUint(bytes: Buffer, element: Element): number {
  let value = 0;
  for (let i = 0; i < (element.size ?? 0); i++) value = value * 256 + bytes[element.dataStart + i]!;
  return value;
}

/** Where a Cluster of unknown size ends: at the next element of the Segment's level, or the end of the bytes. */
function unknownSizeEnd(bytes: Buffer, dataStart: number): number {
  let at = dataStart;
  while (at < bytes.length) {
    const child = readElement(bytes, at);
    if (!child || child.size === null || SEGMENT_CHILDREN.has(child.id)) return at;
    at = Math.min(child.dataStart + child.size, bytes.length);
  }
  return bytes.length;
}

interface Cluster {
  dataStart: number;
  end: number;
  timecode: number;
}

function clusterTimecode(bytes: Buffer, cluster: Element, end: number): number {
  let at = cluster.dataStart;
  while (at < end) {
    const child = readElement(bytes, at);
    if (!child || child.size === null) break;
    if (child.id === CLUSTER_TIMECODE_ID) return readUint(bytes, child);
    at = child.dataStart + child.size;
  }
  return 0;
}

function timecodeScale(bytes: Buffer, info: Element): number {
  const end = info.dataStart + (info.size ?? 0);
  for (let at = info.dataStart; at < end; ) {
    const child = readElement(bytes, at);
    if (!child || child.size === null) break;
    if (child.id === TIMECODE_SCALE_ID) return readUint(bytes, child);
    at = child.dataStart + child.size;
  }
  return 1_000_000;
}

/** The file's EBML header, the Segment's elements before its first Cluster, and its Clusters. */
function parse(bytes: Buffer): { ebmlHeader: Buffer; segmentHead: Buffer; clusters: Cluster[]; nsPerTick: number } {
  const header = readElement(bytes, 0);
  if (!header || header.id !== EBML_ID || header.size === null) throw new AudioSplitError('not a WebM file');
  const segment = readElement(bytes, header.dataStart + header.size);
  if (!segment || segment.id !== SEGMENT_ID) throw new AudioSplitError('WebM without a Segment');
  const segmentEnd = segment.size === null ? bytes.length : Math.min(segment.dataStart + segment.size, bytes.length);
  const clusters: Cluster[] = [];
  let headEnd: number | null = null;
  let nsPerTick = 1_000_000;
  for (let at = segment.dataStart; at < segmentEnd; ) {
    const element = readElement(bytes, at);
    if (!element) break;
    const end = element.size === null ? unknownSizeEnd(bytes, element.dataStart) : Math.min(element.dataStart + element.size, segmentEnd);
    if (element.id === INFO_ID) nsPerTick = timecodeScale(bytes, element);
    if (element.id === CLUSTER_ID) {
      headEnd ??= at;
      clusters.push({ dataStart: element.dataStart, end, timecode: clusterTimecode(bytes, element, end) });
    }
    if (end <= at) break;
    at = end;
  }
  if (headEnd === null || clusters.length === 0) throw new AudioSplitError('WebM without audio');
  return { ebmlHeader: bytes.subarray(0, segment.start), segmentHead: bytes.subarray(segment.dataStart, headEnd), clusters, nsPerTick };
}

/** A Cluster written with its size known (a live stream leaves it unknown), so any parser can skip it. */
function sizedCluster(bytes: Buffer, cluster: Cluster): Buffer {
  return Buffer.concat([CLUSTER_ID_BYTES, sizeField(cluster.end - cluster.dataStart), bytes.subarray(cluster.dataStart, cluster.end)]);
}

/** Element ID and 8-byte size of a sized Cluster or Segment. */
const ELEMENT_HEAD_BYTES = 12;

/**
 * The recording as files of at most `maxBytes` each: the whole of it when it fits, otherwise
 * runs of Clusters behind the file's head. A single Cluster larger than the limit cannot be cut
 * (AudioSplitError); nor can a file that is not WebM.
 */
export function splitWebm(bytes: Buffer, maxBytes: number): AudioPart[] {
  if (bytes.length <= maxBytes) return [{ bytes, startSeconds: 0 }];
  const { ebmlHeader, segmentHead, clusters, nsPerTick } = parse(bytes);
  const headBytes = ebmlHeader.length + ELEMENT_HEAD_BYTES + segmentHead.length;
  const seconds = (timecode: number) => (timecode * nsPerTick) / 1e9;
  const origin = clusters[0]!.timecode;
  const parts: AudioPart[] = [];
  let run: Cluster[] = [];
  let runBytes = headBytes;
  const flush = () => {
    if (run.length === 0) return;
    const body = Buffer.concat([segmentHead, ...run.map((cluster) => sizedCluster(bytes, cluster))]);
    parts.push({ bytes: Buffer.concat([ebmlHeader, SEGMENT_ID_BYTES, sizeField(body.length), body]), startSeconds: seconds(run[0]!.timecode - origin) });
    run = [];
    runBytes = headBytes;
  };
  for (const cluster of clusters) {
    const size = ELEMENT_HEAD_BYTES + cluster.end - cluster.dataStart;
    if (headBytes + size > maxBytes) throw new AudioSplitError('a WebM cluster is larger than the transcription limit');
    if (runBytes + size > maxBytes) flush();
    run.push(cluster);
    runBytes += size;
  }
  flush();
  return parts;
}
