import { z } from 'zod';
import { idSchema } from '../schemas/common';

/** The `:id` of a route's path. */
export const idParams = z.object({ id: idSchema });
