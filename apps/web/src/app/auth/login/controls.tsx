import { useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { CloseCircleIcon, EyeIcon, EyeInvisibleIcon, LoadingIcon } from './icons';

/*
 * The sign-in page's form controls: plain elements styled by ./login.css to look like the rest of the
 * product, with their names, error texts and states exposed to assistive technology.
 */

interface TextFieldProps {
  id: string;
  label: string;
  icon: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  type?: 'text' | 'password';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  testId?: string;
  inputRef?: Ref<HTMLInputElement>;
  onInput?(): void;
}

/** A text input with a leading icon and its validation message underneath (antd's large input look). */
export function TextField({ id, label, icon, value, onChange, error, type = 'text', placeholder, autoComplete, inputMode, maxLength, testId, inputRef, onInput }: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  const password = type === 'password';
  const errorId = `${id}-error`;
  return (
    <div className={`lf-item${error ? ' lf-item-error' : ''}`}>
      <span className="lf-input">
        <span className="lf-prefix">{icon}</span>
        <input
          id={id}
          ref={inputRef}
          name={id}
          type={password && !visible ? 'password' : 'text'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onInput={onInput}
          placeholder={placeholder}
          aria-label={label}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          data-testid={testId}
        />
        {password && (
          <button
            type="button"
            className="lf-suffix"
            tabIndex={-1}
            aria-label={visible ? '隐藏密码' : '显示密码'}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
          </button>
        )}
      </span>
      {error && (
        <div id={errorId} className="lf-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

interface ButtonProps {
  children: ReactNode;
  primary?: boolean;
  type?: 'button' | 'submit';
  loading?: boolean;
  disabled?: boolean;
  onClick?(): void;
  testId?: string;
}

/** A full-width large button; while loading it shows a spinner and ignores clicks. */
export function Button({ children, primary, type = 'button', loading, disabled, onClick, testId }: ButtonProps) {
  return (
    <button
      type={type}
      className={`lf-btn${primary ? ' lf-btn-primary' : ''}${loading ? ' lf-btn-loading' : ''}`}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={(e) => {
        if (loading) {
          e.preventDefault();
          return;
        }
        onClick?.();
      }}
      data-testid={testId}
    >
      {loading && <LoadingIcon className="lf-spin" />}
      <span>{children}</span>
    </button>
  );
}

/** A labelled checkbox. */
export function Checkbox({ checked, onChange, children, testId }: { checked: boolean; onChange(v: boolean): void; children: ReactNode; testId?: string }) {
  return (
    <label className="lf-checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{children}</span>
    </label>
  );
}

/** The error banner above the form, announced when it appears. */
export function ErrorAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="lf-alert" role="alert" data-testid={testId}>
      <CloseCircleIcon className="lf-alert-icon" />
      <span>{children}</span>
    </div>
  );
}

/** Tabs with the WAI-ARIA tab pattern: arrow keys, Home and End move between them. */
export function Tabs<K extends string>({
  items,
  active,
  onChange,
  idPrefix,
}: {
  items: { key: K; label: ReactNode }[];
  active: K;
  onChange(key: K): void;
  idPrefix: string;
}) {
  const move = (from: number, e: KeyboardEvent<HTMLButtonElement>) => {
    let to = -1;
    if (e.key === 'ArrowRight') to = (from + 1) % items.length;
    else if (e.key === 'ArrowLeft') to = (from - 1 + items.length) % items.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = items.length - 1;
    if (to < 0) return;
    e.preventDefault();
    onChange(items[to].key);
    document.getElementById(`${idPrefix}-tab-${items[to].key}`)?.focus();
  };
  return (
    <div className="lf-tabs" role="tablist">
      {items.map((it, i) => (
        <button
          key={it.key}
          id={`${idPrefix}-tab-${it.key}`}
          type="button"
          role="tab"
          className={`lf-tab${it.key === active ? ' lf-tab-active' : ''}`}
          aria-selected={it.key === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={it.key === active ? 0 : -1}
          onClick={() => onChange(it.key)}
          onKeyDown={(e) => move(i, e)}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}
