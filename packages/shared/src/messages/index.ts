import * as messages from './pt-br';

export { messages };
export type Messages = typeof messages;
