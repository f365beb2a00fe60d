import { z } from 'zod';

/** Wire shapes of the gateway routes (`/sys/gatewayRoute/*`). */

/** A gateway route (sys_gateway_route): predicates and filters as JSON texts; `status_dictText` passes through. */
export const sysGatewayRouteRow = z.looseObject({
  id: z.string(),
  routerId: z.string(),
  name: z.string().nullable(),
  uri: z.string().nullable(),
  predicates: z.string().nullable(),
  filters: z.string().nullable(),
  retryable: z.number().nullable(),
  stripPrefix: z.number().nullable(),
  persistable: z.number().nullable(),
  showApi: z.number().nullable(),
  status: z.number().nullable(),
  sysOrgCode: z.string().nullable(),
});
