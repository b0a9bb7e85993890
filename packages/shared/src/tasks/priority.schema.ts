import { z } from 'zod';
import { PRIORITIES } from './priority';

export const prioritySchema = z.enum(PRIORITIES, { message: 'Priority must be low, medium, high or urgent' });
