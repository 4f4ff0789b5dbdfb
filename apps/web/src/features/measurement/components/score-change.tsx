import { messages, scoreChange, type ScoreSeries } from '@consultorio/shared';
import { Text } from '@mantine/core';

const m = messages.measurement;

/** A signed number of points as pt-BR writes it: '+3', '−6', '0'. */
function signed(delta: number): string {
  if (delta > 0) return `+${delta.toLocaleString('pt-BR')}`;
  if (delta < 0) return `−${Math.abs(delta).toLocaleString('pt-BR')}`;
  return '0';
}

/** The change since the first score, and whether it is reliable where the instrument defines it. */
export function ScoreChange({ series }: { series: ScoreSeries }) {
  const change = scoreChange(
    series.points.map((point) => point.score),
    series.reliableChange,
  );
  if (change.kind === 'single') {
    return (
      <Text size="sm" c="dimmed">
        {m.firstScoreOnly}
      </Text>
    );
  }
  const threshold = series.reliableChange ?? 0;
  const verdict =
    change.reliable === 'improvement'
      ? m.reliableImprovement(threshold)
      : change.reliable === 'worsening'
        ? m.reliableWorsening(threshold)
        : change.reliable === 'none'
          ? m.noReliableChange(threshold)
          : null;
  return (
    <div>
      <Text fw={500}>{m.change(signed(change.delta), String(change.first))}</Text>
      {verdict && (
        <Text size="sm" c={change.reliable === 'worsening' ? 'red' : change.reliable === 'improvement' ? 'teal' : 'dimmed'}>
          {verdict}
        </Text>
      )}
    </div>
  );
}
