import { greetingByHour } from '@go/contract';

export function greetingText(realname: string | null | undefined, at: Date = new Date()): string {
  return `${greetingByHour(at.getHours())}，${realname ?? ''}，欢迎回来`;
}
