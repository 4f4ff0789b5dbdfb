import { messages, type ScoreSeries } from '@consultorio/shared';
import { Table, Text } from '@mantine/core';
import type { LabelledPoint } from './score-points';

const m = messages.measurement;

/** The chart's points as a table, for screen readers and anyone who prefers numbers. */
export function ScoreTable({ series, points }: { series: ScoreSeries; points: LabelledPoint[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>
          <Text size="sm" c="dimmed" ta="left" component="span">
            {m.tableCaption(series.qaTemplateName)}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.tableDate}</Table.Th>
            <Table.Th scope="col">{m.tableScore}</Table.Th>
            <Table.Th scope="col">{m.tableBand}</Table.Th>
            <Table.Th scope="col">{m.tableAlert}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((point) => (
            <Table.Tr key={point.formId}>
              <Table.Th scope="row" fw={400}>
                {point.label}
              </Table.Th>
              <Table.Td>{m.scoreOf(point.score, series.max)}</Table.Td>
              <Table.Td>{point.band ?? m.bandIncomplete}</Table.Td>
              <Table.Td c={point.alert ? 'red' : undefined} fw={point.alert ? 700 : undefined}>
                {point.alert ? m.alertMark : m.noAlert}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
