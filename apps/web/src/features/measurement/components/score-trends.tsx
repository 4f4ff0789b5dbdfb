import { messages, type ScoreSeries } from '@consultorio/shared';
import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useTimeZone } from '../../../lib/session';
import { useScoreSeries } from '../api/get-score-series';
import { ScoreChange } from './score-change';
import { bandColor, labelledPoints } from './score-points';
import { ScoreTable } from './score-table';

const m = messages.measurement;

// Recharts is large: its chunk is fetched only when a chart is about to be drawn.
const ScoreChart = lazy(async () => ({ default: (await import('./score-chart')).ScoreChart }));

/** 'Pontuações ao longo do tempo': one chart, change and table per scored questionnaire the patient sent. */
export function ScoreTrends({ patientId }: { patientId: string }) {
  const { data: series, isPending } = useScoreSeries(patientId);
  return (
    <Stack component="section" aria-label={m.trendsTitle}>
      <Title order={3}>{m.trendsTitle}</Title>
      {isPending ? (
        <PageLoader />
      ) : !series || series.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{m.trendsEmpty}</Text>
        </Paper>
      ) : (
        series.map((item) => <SeriesCard key={item.qaTemplateId} series={item} />)
      )}
    </Stack>
  );
}

function SeriesCard({ series }: { series: ScoreSeries }) {
  const timeZone = useTimeZone();
  const points = labelledPoints(series, timeZone);
  return (
    <Paper p="md" component="article" aria-label={series.qaTemplateName}>
      <Stack gap="sm">
        <Title order={4}>{series.qaTemplateName}</Title>
        <ScoreChange series={series} />
        <Suspense
          fallback={
            <Group h={260} justify="center">
              <Loader size="sm" aria-label={m.trendsLoading} />
            </Group>
          }
        >
          <ScoreChart series={series} points={points} />
        </Suspense>
        {series.bands.length > 0 && (
          <Group gap="xs">
            {series.bands.map((band, index) => (
              <Badge key={band.label} variant="light" color={bandColor(index, series.bands.length)} tt="none">
                {`${band.min}–${band.max}: ${band.label}`}
              </Badge>
            ))}
          </Group>
        )}
        <ScoreTable series={series} points={points} />
      </Stack>
    </Paper>
  );
}
