import { Progress } from 'antd';
import type { MbtiStored } from './api';
import './registration.css';

/** A test result: the type, its name and description, and the lean on each dimension. */
export function MbtiResultView({ result }: { result: MbtiStored }) {
  return (
    <div data-testid="mbti-result">
      <div className="mbti-type" data-testid="mbti-type">
        {result.type}
      </div>
      <div className="mbti-type-name">{result.name}</div>
      <p style={{ lineHeight: 1.8 }}>{result.description}</p>
      {result.scores.map((s) => {
        const total = s.counts[0] + s.counts[1] || 1;
        return (
          <div className="mbti-dim" key={s.key}>
            <span>
              {s.names[0]} {s.poles[0]}
            </span>
            <Progress
              percent={Math.round((s.counts[0] / total) * 100)}
              showInfo={false}
              strokeColor="#1677ff"
              trailColor="#ffc53d"
              aria-label={`${s.names[0]}${s.counts[0]}，${s.names[1]}${s.counts[1]}`}
            />
            <span>
              {s.poles[1]} {s.names[1]}
            </span>
          </div>
        );
      })}
    </div>
  );
}
