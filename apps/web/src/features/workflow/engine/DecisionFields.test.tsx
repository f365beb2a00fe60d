import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp, Form } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { dayjsFormat, DecisionFieldList, displayValue, initialValues, type DecisionField } from './DecisionFields';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => cleanup());

const FIELDS: DecisionField[] = [
  { name: 'approved', label: 'Do you agree?', type: 'radio', formType: 'enum', required: true, options: [{ value: 'yes', label: 'Yes, I do' }, { value: 'no', label: 'No!' }], value: null },
  { name: 'free', label: 'Free?', type: 'radio', formType: 'boolean', required: false, options: [{ value: 'true', label: '是' }, { value: 'false', label: '否' }], value: 'true' },
  { name: 'duration', label: 'Duration', type: 'number', formType: 'long', required: false, options: [], value: '3' },
  { name: 'meetingDate', label: 'Meeting date', type: 'date', formType: 'date', required: false, options: [], datePattern: 'dd-MM-yyyy', value: '24-12-2026' },
  { name: 'speaker', label: 'Speaker', type: 'text', formType: 'string', required: true, options: [], writable: false, value: 'Mike' },
  { name: 'status', label: 'Status', type: 'radio', formType: 'enum', required: false, options: [{ value: 'a', label: '已批准' }], writable: false, value: 'a' },
];

function Harness({ fields, onValue }: { fields: DecisionField[]; onValue: (v: Record<string, unknown>) => void }) {
  const [value, setValue] = useState<Record<string, unknown>>(() => initialValues(fields));
  return (
    <AntApp>
      <Form layout="vertical">
        <DecisionFieldList
          fields={fields}
          value={value}
          onChange={(v) => {
            setValue(v);
            onValue(v);
          }}
        />
      </Form>
    </AntApp>
  );
}

describe('task form fields (Activiti formProperty)', () => {
  it('Java date patterns become dayjs formats', () => {
    expect(dayjsFormat('dd/MM/yyyy')).toBe('DD/MM/YYYY');
    expect(dayjsFormat('yyyy-MM-dd HH:mm')).toBe('YYYY-MM-DD HH:mm');
    expect(dayjsFormat("d.M.yy 'um' H:mm")).toBe('D.M.YY [um] H:mm');
    expect(dayjsFormat('dd-MM-yyyy hh:mm a')).toBe('DD-MM-YYYY hh:mm A');
  });

  it('read-only values show the enum name; writable values start from the current value, read-only ones are never sent', () => {
    expect(displayValue(FIELDS[5])).toBe('已批准');
    expect(displayValue(FIELDS[4])).toBe('Mike');
    expect(initialValues(FIELDS)).toEqual({ free: 'true', duration: 3, meetingDate: '24-12-2026' });
  });

  it('renders each type: enum values with their names, 是/否, a number, a date in its pattern, read-only text; required marks', () => {
    let last: Record<string, unknown> = {};
    render(<Harness fields={FIELDS} onValue={(v) => (last = v)} />);
    // enum: its values by name
    expect(screen.getByText('Yes, I do')).toBeTruthy();
    expect(screen.getByText('No!')).toBeTruthy();
    // boolean: 是/否, preselected from the current value
    const yes = screen.getByText('是').closest('label')!.querySelector('input')!;
    expect(yes.checked).toBe(true);
    // number and date controls with the current values
    expect((document.getElementById('decision-duration') as HTMLInputElement).value).toBe('3');
    expect((document.getElementById('decision-meetingDate') as HTMLInputElement).value).toBe('24-12-2026');
    // read-only: shown, not editable, not required
    const speaker = document.getElementById('decision-speaker') as HTMLInputElement;
    expect(speaker.readOnly).toBe(true);
    expect(speaker.value).toBe('Mike');
    expect((document.getElementById('decision-status') as HTMLInputElement).value).toBe('已批准');
    const required = [...document.querySelectorAll('.ant-form-item-required')].map((e) => e.textContent);
    expect(required).toEqual(['Do you agree?']);
    // choosing an enum value sets it by its id
    fireEvent.click(screen.getByText('No!'));
    expect(last).toEqual({ free: 'true', duration: 3, meetingDate: '24-12-2026', approved: 'no' });
    expect('speaker' in last).toBe(false);
  });

  it('shows nothing for a task without form properties', () => {
    const { container } = render(<Harness fields={[]} onValue={() => undefined} />);
    expect(container.querySelector('[data-testid="decision-fields"]')).toBeNull();
  });
});
