import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DragVerify } from './DragVerify';

/** A window-level move or release at `clientX` (the slider follows the pointer on the window once pressed). */
function onWindow(type: string, clientX: number) {
  const Ctor = typeof window.PointerEvent === 'function' && type.startsWith('pointer') ? window.PointerEvent : window.MouseEvent;
  act(() => {
    window.dispatchEvent(new Ctor(type, { clientX, bubbles: true, cancelable: true, button: 0 }));
  });
}

afterEach(cleanup);

describe('drag-slider verification (docs/widgets.md, "Other widgets": unverified to verified, never back)', () => {
  it('follows a press on the handle and moves on the window, also outside the bar, and verifies at the end', () => {
    const onChange = vi.fn();
    const { getByTestId } = render(<DragVerify data-testid="dv" onChange={onChange} />);
    const handle = getByTestId('drag-verify-handle');
    fireEvent.pointerDown(handle, { clientX: 10, button: 0, pointerType: 'mouse' });
    onWindow('pointermove', 110);
    expect(handle.style.transform).toBe('translateX(100px)');
    expect(handle.getAttribute('aria-valuenow')).toBe(String(Math.round((100 / 262) * 100)));
    onWindow('pointermove', 900); // far beyond the bar: held at the end
    expect(handle.style.transform).toBe('translateX(262px)');
    onWindow('pointerup', 900);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(getByTestId('dv').getAttribute('data-verified')).toBe('true');
    expect(getByTestId('dv').textContent).toContain('验证通过');
  });

  it('springs back when let go before the end, and ignores other buttons', () => {
    const onChange = vi.fn();
    const { getByTestId } = render(<DragVerify data-testid="dv" onChange={onChange} />);
    const handle = getByTestId('drag-verify-handle');
    fireEvent.pointerDown(handle, { clientX: 10, button: 2, pointerType: 'mouse' });
    onWindow('pointermove', 200);
    expect(handle.style.transform).toBe('translateX(0px)');
    fireEvent.pointerDown(handle, { clientX: 10, button: 0, pointerType: 'mouse' });
    onWindow('pointermove', 150);
    onWindow('pointerup', 150);
    expect(handle.style.transform).toBe('translateX(0px)');
    expect(onChange).not.toHaveBeenCalled();
    // moves after the release no longer drag
    onWindow('pointermove', 250);
    expect(handle.style.transform).toBe('translateX(0px)');
  });

  it('cannot be reset once verified', () => {
    const { getByTestId, rerender } = render(<DragVerify data-testid="dv" value />);
    expect(getByTestId('dv').getAttribute('data-verified')).toBe('true');
    rerender(<DragVerify data-testid="dv" value={false} />);
    expect(getByTestId('dv').getAttribute('data-verified')).toBe('true');
    fireEvent.pointerDown(getByTestId('drag-verify-handle'), { clientX: 262, button: 0, pointerType: 'mouse' });
    onWindow('pointermove', 0);
    expect(getByTestId('drag-verify-handle').style.transform).toBe('translateX(262px)');
  });
});
