import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import './slider.css';

export interface DragVerifyProps {
  /** true once verified; a verified slider cannot be reset (docs/widgets.md, "Other widgets") */
  value?: boolean;
  onChange?: (verified: boolean) => void;
  onSuccess?: () => void;
  width?: number;
  height?: number;
  text?: string;
  successText?: string;
  'data-testid'?: string;
}

/** Drag-slider verification: drag the handle to the end; unverified → verified, never back. */
export function DragVerify(props: DragVerifyProps) {
  const { width = 300, height = 38, text = '请按住滑块拖动', successText = '验证通过' } = props;
  const [passed, setPassed] = useState(!!props.value);
  const [x, setX] = useState(passed ? width - height : 0);
  const drag = useRef<{ startX: number } | null>(null);
  // The latest position, read on release (pointer moves may not have re-rendered yet).
  const xRef = useRef(x);
  const max = width - height;

  // Only the step to verified is taken from outside; false after true is ignored.
  useEffect(() => {
    if (props.value && !passed) {
      setPassed(true);
      xRef.current = max;
      setX(max);
    }
  }, [props.value, passed, max]);

  // Moves and the release are followed on the window from the press on, so the drag goes on when the
  // pointer leaves the handle (or the bar) and ends wherever the button is let go; no pointer capture
  // is needed. Browsers without pointer events get the same through mouse events.
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const release = () => {
    stop.current?.();
    if (!drag.current) return;
    drag.current = null;
    if (xRef.current >= max - 2) {
      xRef.current = max;
      setX(max);
      setPassed(true);
      props.onChange?.(true);
      props.onSuccess?.();
    } else {
      xRef.current = 0;
      setX(0);
    }
  };
  const start = (clientX: number, kind: 'pointer' | 'mouse') => {
    if (passed || drag.current) return;
    drag.current = { startX: clientX - xRef.current };
    const move = (ev: PointerEvent | MouseEvent) => {
      if (!drag.current) return;
      ev.preventDefault();
      xRef.current = Math.max(0, Math.min(max, ev.clientX - drag.current.startX));
      setX(xRef.current);
    };
    const names = kind === 'pointer' ? (['pointermove', 'pointerup', 'pointercancel'] as const) : (['mousemove', 'mouseup', 'mouseup'] as const);
    window.addEventListener(names[0], move);
    window.addEventListener(names[1], release);
    window.addEventListener(names[2], release);
    stop.current = () => {
      window.removeEventListener(names[0], move);
      window.removeEventListener(names[1], release);
      window.removeEventListener(names[2], release);
      stop.current = null;
    };
  };
  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // no text selection or native drag of the icon while sliding
    e.preventDefault();
    start(e.clientX, 'pointer');
  };
  const onMouseDown = (e: React.MouseEvent) => {
    if (typeof window.PointerEvent === 'function' || e.button !== 0) return;
    e.preventDefault();
    start(e.clientX, 'mouse');
  };

  return (
    <div
      className={`go-drag-verify ${passed ? 'passed' : ''}`}
      style={{ width, height, lineHeight: `${height}px` }}
      data-testid={props['data-testid']}
      data-verified={passed ? 'true' : 'false'}
    >
      <div className="go-drag-verify-progress" style={{ width: x + height / 2 }} />
      <div className="go-drag-verify-text">{passed ? successText : text}</div>
      <div
        className="go-drag-verify-handle"
        role="slider"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round((x / max) * 100)}
        aria-label={text}
        style={{ width: height, height, transform: `translateX(${x}px)` }}
        onPointerDown={onPointerDown}
        onMouseDown={onMouseDown}
        onDragStart={(e) => e.preventDefault()}
        data-testid="drag-verify-handle"
      >
        {passed ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
