import { Grid } from '@mantine/core';
import { PlansSection } from '../components/plans-section';
import { ScoreTrends } from '../components/score-trends';

/** The patient's 'Evolução': the score trends, and beside them the measurement plans. */
export function MeasurementView({ patientId }: { patientId: string }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <ScoreTrends patientId={patientId} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <PlansSection patientId={patientId} />
      </Grid.Col>
    </Grid>
  );
}
