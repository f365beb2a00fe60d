/**
 * The personality test (/mbtiTest): 28 questions of our own, seven on each of the four MBTI dimensions,
 * each with two answers leaning to one pole each. Which answer leans where stays on the server: the page
 * gets the texts only and the server scores (docs/hr.md "性格测试").
 */
import { MBTI_DIMENSIONS, type MbtiResult } from '@go/contract';

export const MBTI_VERSION = 'v1';

type Pole = 'E' | 'I' | 'S' | 'N' | 'T' | 'F' | 'J' | 'P';
/** [question, answer leaning to the dimension's first pole, answer leaning to its second pole] */
type Item = [string, string, string];

const BANK: Record<'EI' | 'SN' | 'TF' | 'JP', Item[]> = {
  EI: [
    ['周末有空时，你更愿意：', '约朋友聚会或参加活动', '在家看书、追剧，独自充电'],
    ['来到一个新团队，你通常：', '主动和大家打招呼，很快熟络起来', '先观察一阵，再慢慢融入'],
    ['思考一个问题时，你更习惯：', '边说边想，和别人讨论', '先自己想清楚再开口'],
    ['连续一整天开会和应酬之后，你感到：', '兴致勃勃，还想继续交流', '有些疲惫，需要安静一会儿'],
    ['你更喜欢的工作环境是：', '开放热闹，随时可以交流', '安静专注，少被打扰'],
    ['有事需要沟通时，你更倾向：', '直接打电话或当面说清楚', '发文字消息，想好再回复'],
    ['熟悉你的人通常觉得你：', '健谈、外向', '沉稳、内敛'],
  ],
  SN: [
    ['学习一项新技能时，你更喜欢：', '按步骤来，先看具体示例', '先理解整体原理，再自己摸索'],
    ['你更相信：', '亲眼看到的事实和过往经验', '直觉和对各种可能性的判断'],
    ['向别人讲述一件事时，你通常：', '讲清细节和来龙去脉', '讲大意和它意味着什么'],
    ['你更感兴趣的是：', '眼前能落地的实际问题', '未来的趋势和新点子'],
    ['工作中你更擅长：', '把已有的方法做得扎实可靠', '提出新的思路和方案'],
    ['你更欣赏哪一类人：', '务实、可靠的人', '有想象力、有创意的人'],
    ['读小说时你更喜欢：', '情节真实、贴近生活的', '充满想象、寓意深远的'],
  ],
  TF: [
    ['做决定时，你更看重：', '逻辑和客观标准', '对相关的人的影响和感受'],
    ['同事的方案有明显漏洞，你会：', '直接指出问题所在', '先肯定优点，再委婉提出'],
    ['你更希望别人这样评价你：', '公正、有能力', '体贴、有人情味'],
    ['朋友向你倾诉烦恼，你通常：', '帮他分析原因、给出办法', '先耐心倾听，表达理解和支持'],
    ['团队出现分歧时，你更在意：', '哪个方案更合理', '大家是否还能和睦相处'],
    ['你认为制度应当：', '一视同仁地执行', '视具体情况适当通融'],
    ['看电影时，更容易打动你的是：', '精巧的情节和推理', '人物之间的情感'],
  ],
  JP: [
    ['出门旅行前，你通常：', '提前订好行程和住宿', '定个大方向，随走随看'],
    ['面对截止日期，你一般：', '提前完成，留出余量', '临近截止时效率最高'],
    ['你的办公桌通常：', '整齐有序', '看起来有点乱，但自己找得到'],
    ['计划被临时打乱时，你会：', '感到不舒服，想尽快重新安排', '无所谓，正好换个方式'],
    ['你更喜欢的工作方式是：', '明确分工，按计划推进', '灵活安排，随机应变'],
    ['需要做选择时，你倾向于：', '尽快拍板定下来', '多留几个选项，晚点再定'],
    ['一天结束时，你更可能：', '列好明天的待办清单', '明天的事明天再说'],
  ],
};

interface Question {
  id: number;
  text: string;
  a: string;
  b: string;
  /** the pole answer A leans to (B leans to the other) */
  poleOfA: Pole;
  dimension: 'EI' | 'SN' | 'TF' | 'JP';
}

/**
 * The questions in the order they are asked: the dimensions take turns, and every other question of a
 * dimension shows its answers the other way round, so the letters of a type cannot be read off A or B.
 */
export const MBTI_QUESTIONS: Question[] = (() => {
  const out: Question[] = [];
  for (let i = 0; i < 7; i++) {
    for (const d of MBTI_DIMENSIONS) {
      const [text, first, second] = BANK[d.key][i];
      const flip = (i + out.length) % 2 === 1;
      out.push({
        id: out.length + 1,
        text,
        a: flip ? second : first,
        b: flip ? first : second,
        poleOfA: (flip ? d.poles[1] : d.poles[0]) as Pole,
        dimension: d.key,
      });
    }
  }
  return out;
})();

export const MBTI_TYPES: Record<string, { name: string; description: string }> = {
  ISTJ: {
    name: '物流师',
    description: '严谨务实、认真负责，重视规则与承诺，做事有条理，是团队里值得信赖的人。',
  },
  ISFJ: { name: '守卫者', description: '温和体贴、踏实尽责，乐于默默支持他人，注重细节，珍视稳定与传统。' },
  INFJ: { name: '提倡者', description: '富有洞察力和理想，关心他人的成长，安静而坚定地追求有意义的目标。' },
  INTJ: { name: '建筑师', description: '独立理性、富有远见，善于制定长期策略，追求能力与效率。' },
  ISTP: { name: '鉴赏家', description: '冷静灵活、动手能力强，善于分析和解决实际问题，喜欢探究事物的原理。' },
  ISFP: { name: '探险家', description: '温和敏感、热爱生活，重视个人价值和审美，待人真诚随和。' },
  INFP: { name: '调停者', description: '理想主义、富有同理心，忠于内心的价值，善于理解和鼓励他人。' },
  INTP: { name: '逻辑学家', description: '好奇理性、思维独立，热衷于理论和抽象问题，善于发现逻辑漏洞。' },
  ESTP: { name: '企业家', description: '精力充沛、务实敏捷，善于把握当下的机会，行动力强，临场应变出色。' },
  ESFP: { name: '表演者', description: '热情开朗、乐于分享，善于营造气氛，享受与人共处的每一刻。' },
  ENFP: { name: '竞选者', description: '热情洋溢、富有创意，善于发现可能性，能激励和感染身边的人。' },
  ENTP: { name: '辩论家', description: '机智灵活、喜欢挑战，善于提出新点子，并从多个角度思考和辩论问题。' },
  ESTJ: { name: '总经理', description: '务实果断、组织能力强，重视秩序和效率，善于推动事情落地。' },
  ESFJ: { name: '执政官', description: '热心周到、乐于合作，重视和谐与责任，善于照顾团队中的每个人。' },
  ENFJ: { name: '主人公', description: '富有感染力、善于沟通，关心他人的发展，是天生的团队凝聚者。' },
  ENTJ: { name: '指挥官', description: '果断自信、富有领导力，善于制定目标并组织资源高效达成。' },
};

/** The questions as the page gets them (no scoring key). */
export function publicQuestions() {
  return {
    version: MBTI_VERSION,
    questions: MBTI_QUESTIONS.map((q) => ({ id: q.id, text: q.text, a: q.a, b: q.b })),
  };
}

export type MbtiScore = Omit<MbtiResult, 'attached'>;

/**
 * Scores one answer sheet: each answer counts for the pole it leans to; the type takes the pole with more
 * answers on each dimension (seven questions each, so there are no ties). Null when the sheet does not
 * answer every question of this version.
 */
export function scoreMbti(answers: readonly ('A' | 'B')[]): MbtiScore | null {
  if (answers.length !== MBTI_QUESTIONS.length) return null;
  const count = new Map<string, number>();
  MBTI_QUESTIONS.forEach((q, i) => {
    const d = MBTI_DIMENSIONS.find((x) => x.key === q.dimension)!;
    const pole = answers[i] === 'A' ? q.poleOfA : q.poleOfA === d.poles[0] ? d.poles[1] : d.poles[0];
    count.set(pole, (count.get(pole) ?? 0) + 1);
  });
  const scores = MBTI_DIMENSIONS.map((d) => ({
    key: d.key,
    poles: d.poles,
    names: d.names,
    counts: [count.get(d.poles[0]) ?? 0, count.get(d.poles[1]) ?? 0] as [number, number],
  }));
  const type = scores.map((s) => (s.counts[0] > s.counts[1] ? s.poles[0] : s.poles[1])).join('');
  return { type, ...MBTI_TYPES[type], scores };
}

/** The description of a stored type (for the summary and HR). */
export function describeType(type: string | null | undefined): { name: string; description: string } | null {
  return type && MBTI_TYPES[type] ? MBTI_TYPES[type] : null;
}
