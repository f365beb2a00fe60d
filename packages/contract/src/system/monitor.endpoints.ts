import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { sysHttpTrace, sysRedisInfoRow, sysRedisKeysSize, sysRedisMemory, sysServerInfo } from './monitor.js';

/** The endpoints of the monitor screens (服务器信息, Redis 监控, 请求追踪); the actuator ones answer without an envelope. */
export const monitorEndpoints = {
  serverInfo: endpoint({ method: 'GET', path: '/sys/actuator/server/info', result: sysServerInfo }),
  /** refused (`success: false`, with the text to show) when Redis is not configured */
  redisInfo: endpoint({ method: 'GET', path: '/sys/actuator/redis/info', result: z.array(sysRedisInfoRow) }),
  redisKeysSize: endpoint({ method: 'GET', path: '/sys/actuator/redis/keysSize', result: sysRedisKeysSize, bare: true }),
  redisMemory: endpoint({ method: 'GET', path: '/sys/actuator/redis/memoryInfo', result: sysRedisMemory, bare: true }),
  httpTrace: endpoint({ method: 'GET', path: '/actuator/httptrace', result: sysHttpTrace, bare: true }),
};
