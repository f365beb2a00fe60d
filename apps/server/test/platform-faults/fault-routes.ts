/**
 * Test-only preload for the server process (`node --import tsx --import ./fault-routes.ts src/main.ts`):
 * adds routes whose handlers fail in the ways a bug would, and a background task that fails, to the
 * application main.ts builds. Nothing here is part of the product.
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../src/platform/access/access.js';

let backgroundRuns = 0;

diagnostics.subscribe('fastify.initialization', (message) => {
  const app = (message as { fastify: FastifyInstance }).fastify;
  void app.register(async (scope) => {
    // A handler that fails after an await: answered 500 by the error handler.
    scope.get('/faults/async-throw', { config: { access: PUBLIC } }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('handler failed after an await');
    });
    // A handler that leaves a rejected promise behind nobody waits on, then answers.
    scope.get('/faults/floating-rejection', { config: { access: PUBLIC } }, async () => {
      void Promise.reject(new Error('left behind by a handler'));
      await new Promise((r) => setTimeout(r, 20));
      return { success: true, message: 'answered', code: 200, result: null, timestamp: Date.now() };
    });
    // A handler that starts a timer which throws (an exception outside any request).
    scope.get('/faults/timer-throw', { config: { access: PUBLIC } }, async () => {
      setTimeout(() => {
        throw new Error('thrown from a timer');
      }, 5);
      return { success: true, message: 'answered', code: 200, result: null, timestamp: Date.now() };
    });
    // Starts a background task that fails on every run, both ways.
    scope.get('/faults/start-background', { config: { access: PUBLIC } }, async () => {
      const t = setInterval(() => {
        backgroundRuns++;
        if (backgroundRuns > 6) clearInterval(t);
        if (backgroundRuns % 2) throw new Error('background task threw');
        void (async () => {
          throw new Error('background task rejected');
        })();
      }, 20);
      return { success: true, message: 'started', code: 200, result: null, timestamp: Date.now() };
    });
    scope.get('/faults/background-runs', { config: { access: PUBLIC } }, async () => ({ success: true, message: '', code: 200, result: backgroundRuns, timestamp: Date.now() }));
  });
});
