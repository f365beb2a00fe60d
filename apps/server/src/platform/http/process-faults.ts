import type { FastifyBaseLogger } from 'fastify';

/**
 * Once the server is up, an error nothing caught no longer ends the process: a promise rejected with
 * nobody waiting on it, or an exception thrown from a timer or an event outside any request, is logged
 * (level error, with its stack) and the server keeps serving. A request whose handler fails is answered by
 * the error handler (500 with the generic message) as before; every other request is untouched.
 * Startup is not covered: an error before the server listens still ends the process with a non-zero code.
 * Returns a function that removes the handlers (tests).
 */
export function keepServingOnFaults(log: FastifyBaseLogger): () => void {
  const rejection = (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection (the server keeps serving)');
  };
  const exception = (err: Error, origin: string) => {
    log.error({ err, origin }, 'uncaught exception (the server keeps serving)');
  };
  process.on('unhandledRejection', rejection);
  process.on('uncaughtException', exception);
  return () => {
    process.off('unhandledRejection', rejection);
    process.off('uncaughtException', exception);
  };
}
