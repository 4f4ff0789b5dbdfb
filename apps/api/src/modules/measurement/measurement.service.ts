// Measurement's services, one use case or cohesive group per file (issue 27); callers import them from here.
export { sendForm } from './measurement.sending';
export { submitForm } from './measurement.submission';
export { listAlerts, exportMeasurement, acknowledgeAlert } from './measurement.alerts';
export { createPlan, listPlans, deletePlan, queueDueMeasurements, defineMeasurementJobs, startMeasurementClock } from './measurement.plans';
export { scoreSeries } from './measurement.trends';
