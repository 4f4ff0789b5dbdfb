import '@mantine/charts/styles.css';
import { messages, type ScoreSeries } from '@consultorio/shared';
import { LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { ReferenceArea, ReferenceDot } from 'recharts';
import { bandColor, type LabelledPoint } from './score-points';

interface ScoreChartProps {
  series: ScoreSeries;
  points: LabelledPoint[];
}

/**
 * One questionnaire's scores over time (Recharts through @mantine/charts, a chunk of its own
 * loaded only on the trends page): the severity bands shaded behind the line, the scores that
 * raised an alert marked in red. An image for screen readers, which read the table beside it.
 */
export function ScoreChart({ series, points }: ScoreChartProps) {
  const { bands, max } = series;
  return (
    <Box role="img" aria-label={messages.measurement.chartLabel(series.qaTemplateName)}>
      <LineChart
        h={260}
        data={points}
        dataKey="label"
        series={[{ name: 'score', label: series.scoreLabel, color: 'blue.7' }]}
        curveType="linear"
        yAxisProps={{ domain: [0, max], allowDecimals: false }}
        tooltipAnimationDuration={0}
        gridAxis="y"
        withLegend={false}
      >
        {bands.map((band, index) => (
          <ReferenceArea
            key={band.label}
            y1={Math.max(0, band.min - 0.5)}
            y2={Math.min(max, band.max + 0.5)}
            fill={`var(--mantine-color-${bandColor(index, bands.length)}-4)`}
            fillOpacity={0.18}
            strokeOpacity={0}
            ifOverflow="hidden"
          />
        ))}
        {points
          .filter((point) => point.alert)
          .map((point) => (
            <ReferenceDot
              key={point.formId}
              x={point.label}
              y={point.score}
              r={8}
              fill="var(--mantine-color-red-7)"
              stroke="var(--mantine-color-white)"
              strokeWidth={2}
            />
          ))}
      </LineChart>
    </Box>
  );
}
