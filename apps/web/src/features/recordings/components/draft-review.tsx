import { draftAsText, messages, type DraftSentence, type Recording } from '@consultorio/shared';
import { Badge, Button, Checkbox, Grid, Group, Paper, Select, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { fileUrl } from '../../../lib/format';
import { useNoteTemplates } from '../../../lib/note-templates';
import { clockText } from './use-session-recorder';

const m = messages.recordings;

interface DraftReviewProps {
  recording: Recording;
  accepting: boolean;
  onAccept: (content: string, keepTranscript: boolean) => void;
  redrafting: boolean;
  onRedraft: (noteTemplateId: string) => void;
}

/**
 * 'Modelo da nota' and 'Refazer rascunho': the draft written again in another note template (the
 * professional's edits to the text below are lost, so that is confirmed first).
 */
function TemplateChooser({ recording, isEdited, redrafting, onRedraft }: { recording: Recording; isEdited: boolean; redrafting: boolean; onRedraft: (id: string) => void }) {
  const templates = useNoteTemplates();
  const current = recording.noteTemplateId ?? templates.data?.defaultNoteTemplateId ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const options = (templates.data?.noteTemplates ?? []).filter((template) => template.headings.length > 0).map((template) => ({ value: template.id, label: template.name }));
  const picked = chosen ?? current;
  const redraft = () => {
    if (picked === null) return;
    if (isEdited) setConfirming(true);
    else onRedraft(picked);
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <Select label={m.templateLabel} data={options} value={picked} onChange={setChosen} allowDeselect={false} disabled={templates.isPending || redrafting} w={{ base: '100%', xs: 280 }} />
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={redraft} loading={redrafting} disabled={picked === null || picked === current}>
        {m.redraft}
      </Button>
      <ConfirmModal
        opened={isConfirming}
        title={m.redraftConfirmTitle}
        text={m.redraftConfirm}
        confirmLabel={m.redraft}
        isBusy={redrafting}
        onConfirm={() => {
          setConfirming(false);
          if (picked !== null) onRedraft(picked);
        }}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}

/** The draft beside the transcript: a sentence, clicked, highlights its segments and plays them; the text below is edited and accepted. */
export function DraftReview({ recording, accepting, onAccept, redrafting, onRedraft }: DraftReviewProps) {
  const sections = recording.draft?.sections ?? [];
  const segments = recording.transcript?.segments ?? [];
  const [selected, setSelected] = useState<DraftSentence | null>(null);
  const [content, setContent] = useState(() => draftAsText(sections));
  const [keepTranscript, setKeepTranscript] = useState(false);
  const [player] = useState(() => new SourcePlayer(recording.audio));
  useEffect(() => () => player.dispose(), [player]);
  const attachAudio = useCallback((audio: HTMLAudioElement | null) => player.attach(audio), [player]);
  const highlighted = new Set(selected?.segmentIds ?? []);

  const choose = (sentence: DraftSentence) => {
    setSelected(sentence);
    const cited = segments.filter((segment) => sentence.segmentIds.includes(segment.id));
    document.getElementById(`segment-${cited[0]?.id ?? ''}`)?.scrollIntoView({ block: 'nearest' });
    void player.play(cited);
  };

  return (
    <Stack>
      <TemplateChooser recording={recording} isEdited={content !== draftAsText(sections)} redrafting={redrafting} onRedraft={onRedraft} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="sm" component="section" aria-labelledby="draft-title">
            <Title order={3} size="h5" id="draft-title">
              {m.draftTitle}
            </Title>
            <Text size="xs" c="dimmed" mb="xs">
              {m.draftHint}
            </Text>
            <Stack gap="xs" aria-label={m.draftLabel}>
              {sections.map((section) => (
                <Stack key={section.title} gap={4}>
                  <Text fw={600} size="sm">
                    {section.title}
                  </Text>
                  {section.sentences.length === 0 && (
                    <Text size="xs" c="dimmed">
                      {m.emptySection}
                    </Text>
                  )}
                  {section.sentences.map((sentence, index) => (
                    <UnstyledButton
                      key={`${section.title}-${index}`}
                      onClick={() => choose(sentence)}
                      aria-pressed={selected === sentence}
                      className="recording-sentence"
                      data-selected={selected === sentence || undefined}
                    >
                      <Text size="sm">{sentence.text}</Text>
                      {sentence.needsCheck ? (
                        <Badge color="orange" variant="light" size="sm">
                          {m.needsCheck}
                        </Badge>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {m.sourcesOf(sentence.segmentIds.length)}
                        </Text>
                      )}
                    </UnstyledButton>
                  ))}
                </Stack>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="sm" component="section" aria-labelledby="transcript-title">
            <Title order={3} size="h5" id="transcript-title">
              {m.transcriptTitle}
            </Title>
            <Stack gap={4} mt="xs" aria-label={m.transcriptLabel} style={{ maxHeight: 420, overflowY: 'auto' }}>
              {segments.map((segment) => (
                <Text
                  key={segment.id}
                  id={`segment-${segment.id}`}
                  size="sm"
                  className="recording-segment"
                  data-highlighted={highlighted.has(segment.id) || undefined}
                  aria-current={highlighted.has(segment.id) ? 'true' : undefined}
                >
                  <Text span c="dimmed" size="xs" mr={6}>
                    {clockText(segment.start)}
                  </Text>
                  {segment.text}
                </Text>
              ))}
            </Stack>
            {/* The sources play here; the professional may also use the controls. */}
            <audio ref={attachAudio} controls aria-label={m.audioLabel} style={{ width: '100%', marginTop: 8, display: recording.audio.length ? undefined : 'none' }} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Textarea label={m.editLabel} value={content} onChange={(event) => setContent(event.currentTarget.value)} autosize minRows={6} maxRows={20} />
      <Group justify="space-between" wrap="wrap">
        <Checkbox label={m.keepTranscript} checked={keepTranscript} onChange={(event) => setKeepTranscript(event.currentTarget.checked)} />
        <Button onClick={() => onAccept(content, keepTranscript)} loading={accepting} disabled={!content.trim() || redrafting}>
          {m.accept}
        </Button>
      </Group>
    </Stack>
  );
}

type Segment = NonNullable<Recording['transcript']>['segments'][number];

/**
 * A recording made by MediaRecorder has no duration in its header (the browser reports Infinity
 * until it has read it all): a seek past the end makes it read it, then back to the start.
 */
function revealDuration(audio: HTMLAudioElement, isIdle: () => boolean): void {
  audio.addEventListener(
    'loadedmetadata',
    () => {
      // Not while a sentence's sources play (clicked before the file's header was read).
      if (Number.isFinite(audio.duration) || !isIdle()) return;
      audio.addEventListener(
        'timeupdate',
        () => {
          if (isIdle()) audio.currentTime = 0;
        },
        { once: true },
      );
      audio.currentTime = Number.MAX_SAFE_INTEGER;
    },
    { once: true },
  );
}

/**
 * Plays segments of the recording one after the other. Each stream of the audio is its chunks,
 * fetched and joined into one file the first time it is needed (they only play from the first).
 */
class SourcePlayer {
  private audio: HTMLAudioElement | null = null;
  private readonly urls = new Map<number, string>();
  private queue: Segment[] = [];
  private until = Number.POSITIVE_INFINITY;
  private loaded = -1;

  constructor(private readonly streams: Recording['audio']) {}

  attach = (audio: HTMLAudioElement | null): void => {
    this.audio?.removeEventListener('timeupdate', this.onTime);
    this.audio = audio;
    audio?.addEventListener('timeupdate', this.onTime);
    if (audio) void this.showFirstStream(audio);
  };

  /**
   * The controls get the recording's first stream at once, with its length, instead of '0:00 /
   * 0:00' and a play button that does nothing until a source is chosen.
   */
  private async showFirstStream(audio: HTMLAudioElement): Promise<void> {
    if (this.streams.length === 0 || this.loaded !== -1) return;
    const url = await this.urlOf(0).catch(() => null);
    // A source chosen meanwhile (or another element) keeps its own.
    if (!url || this.audio !== audio || this.loaded !== -1) return;
    audio.preload = 'metadata';
    audio.src = url;
    this.loaded = 0;
    revealDuration(audio, () => this.queue.length === 0);
  }

  dispose(): void {
    this.urls.forEach((url) => URL.revokeObjectURL(url));
    this.urls.clear();
  }

  async play(segments: Segment[]): Promise<void> {
    this.queue = [...segments];
    await this.playNext();
  }

  private streamIndexAt(seconds: number): number {
    return this.streams.reduce((found, stream, index) => (stream.startSeconds <= seconds + 0.01 ? index : found), 0);
  }

  private async urlOf(index: number): Promise<string> {
    const known = this.urls.get(index);
    if (known) return known;
    const parts = await Promise.all(this.streams[index]!.fileKeys.map(async (key) => (await fetch(fileUrl(key), { credentials: 'include' })).blob()));
    const url = URL.createObjectURL(new Blob(parts, { type: parts[0]?.type || 'audio/webm' }));
    this.urls.set(index, url);
    return url;
  }

  private async playNext(): Promise<void> {
    const audio = this.audio;
    const segment = this.queue[0];
    if (!audio || !segment || this.streams.length === 0) return;
    const index = this.streamIndexAt(segment.start);
    const url = await this.urlOf(index);
    if (this.loaded !== index) {
      audio.src = url;
      this.loaded = index;
    }
    const offset = this.streams[index]!.startSeconds;
    audio.currentTime = Math.max(0, segment.start - offset);
    this.until = segment.end - offset;
    await audio.play().catch(() => undefined);
  }

  private onTime = (): void => {
    if (!this.audio || this.audio.currentTime < this.until) return;
    this.queue.shift();
    if (this.queue.length > 0) void this.playNext();
    else {
      this.until = Number.POSITIVE_INFINITY;
      this.audio.pause();
    }
  };
}
