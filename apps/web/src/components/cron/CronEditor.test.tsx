import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CronEditor } from './CronEditor';

const NOW = new Date('2026-11-21T10:00:00+08:00');

function radio(testId: string) {
  const el = screen.getByTestId(testId);
  return (el.querySelector('input[type=radio]') ?? el) as HTMLElement;
}

describe('CronEditor', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('has the tabs 秒 分 时 日 月 周 年 and emits the expression with the linkage applied', () => {
    const onChange = vi.fn();
    render(<CronEditor value="* * * * * ? *" onChange={onChange} now={NOW} />);
    for (const t of ['秒', '分', '时', '日', '月', '周', '年']) expect(screen.getByRole('tab', { name: t })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '时' }));
    fireEvent.click(radio('cron-hour-2'));
    expect(onChange).toHaveBeenLastCalledWith('0 0 0/1 * * ? *');
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    fireEvent.click(radio('cron-day-7'));
    expect(onChange).toHaveBeenLastCalledWith('0 0 0/1 LW * ? *');
    expect(screen.getByTestId('cron-field-day').textContent).toBe('LW');
    fireEvent.click(screen.getByRole('tab', { name: '周' }));
    fireEvent.click(radio('cron-week-3'));
    expect(onChange).toHaveBeenLastCalledWith('0 0 0/1 ? * 1 *');
  });

  it('shows the next 10 run times 500 ms after the last change', () => {
    vi.useFakeTimers({ now: NOW });
    render(<CronEditor value="0 30 9 ? * 6" now={NOW} />);
    expect(screen.getByTestId('cron-preview').querySelectorAll('li')).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    const items = screen.getByTestId('cron-preview').querySelectorAll('li');
    expect(items).toHaveLength(10);
    expect(items[0].textContent).toBe('2026-11-27 09:30:00');
  });

  it('limits the inputs to the cron bounds (docs/realtime-and-jobs.md, 6)', () => {
    render(<CronEditor value="* * * * * ? *" now={NOW} />);
    const max = (id: string) => screen.getByTestId(id).getAttribute('aria-valuemax') ?? screen.getByTestId(id).querySelector('input')?.getAttribute('aria-valuemax');
    expect(max('cron-second-loop-step')).toBe('59');
    fireEvent.click(screen.getByRole('tab', { name: '分' }));
    expect(max('cron-minute-loop-step')).toBe('60');
    fireEvent.click(screen.getByRole('tab', { name: '年' }));
    expect(max('cron-year-loop-step')).toBe('99');
    expect(max('cron-year-range-end')).toBe('2119');
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    expect(max('cron-day-11-nth')).toBe('5');
    expect(max('cron-day-9-n')).toBe('31');
  });
});
