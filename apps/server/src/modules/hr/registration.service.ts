/**
 * Public applicant registration and the personality test (docs/hr.md "在线登记", docs/security.md
 * "Public registration"). The file itself is created or edited by the HR service (same duplicate rules,
 * change log and blacklist flag); this service adds the anonymous side: captcha, per-IP limits, checked
 * uploads kept out of the static folders, and the applicant's code (only its hash is stored).
 */
import {
  maskValue,
  REGISTRATION_FIELDS,
  REGISTRATION_LIMITS,
  REGISTRATION_TEXTS,
  registrationSchema,
  type MbtiAnswer,
  type MbtiResult,
  type Registration,
} from '@go/contract';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CurrentUser } from '../../platform/access/access.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { formatDate, now } from '../../platform/db/time.js';
import { isPdf, sniffImage } from '../../platform/files/content-type.js';
import { fileStorageFor } from '../../platform/files/file-storage.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import type { CaptchaService } from '../system/auth/captcha.service.js';
import type { IncomingFile } from '../system/file/file.service.js';
import { findSamePerson, insertLogs } from './hr.repo.js';
import type { HrService } from './hr.service.js';
import { describeType, MBTI_QUESTIONS, MBTI_VERSION, scoreMbti } from './mbti.js';
import {
  companies,
  dictItems,
  insertRegistration,
  registrationByCodeHash,
  registrationById,
  registrationsOfFile,
  setFileMbti,
  setRegistrationMbti,
} from './registration.repo.js';
import type { HyRegistration } from './registration.tables.js';

/** The operator recorded on files and change-log rows written by the public form. */
export const REGISTRATION_OPERATOR: CurrentUser = {
  id: 'registration',
  username: 'registration',
  realname: '在线登记',
  orgCode: 'A01',
  company: 'A01',
  tenantId: 0,
  sessionId: '',
};

/** States in which a file may be updated by its person's new submission (still a candidate). */
const UPDATABLE = ['applicant', 'talent', 'interview'];
/** Hidden folder under the upload root: never served by the static route (hidden segments are refused). */
const FOLDER = '.registration';
const FILE_LINK_TTL_MS = 10 * 60 * 1000;
const HOUR = 3600 * 1000;

export const OUTCOME_TEXT: Record<string, string> = {
  created: '新建档案',
  updated: '更新档案',
  flagged: '新建档案（黑名单人员，已标记）',
  held: '已有档案，未改动（待人事核对）',
};

type FileKind = 'photo' | 'cv';
const CV_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const IMAGE_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const hashCode = (code: string) => createHash('sha256').update(code.trim()).digest('hex');

/** What a file really is, from its first bytes: an extension we keep it under, or null. */
export function sniffUpload(kind: FileKind, head: Buffer): string | null {
  const image = sniffImage(head);
  if (image && image in IMAGE_TYPES) return image === 'jpeg' ? 'jpg' : image;
  if (kind === 'photo') return null;
  if (isPdf(head)) return 'pdf';
  // Word 97-2003 (OLE compound file) and .docx (a zip whose parts include word/)
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
  )
    return 'doc';
  if (
    head.length >= 4 &&
    head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) &&
    head.includes('word/')
  )
    return 'docx';
  return null;
}

export class RegistrationService {
  private inFlight = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly hr: HrService,
    private readonly captcha: CaptchaService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /** Counts one call of `what` for the IP; refuses (429) beyond the limit in the window. */
  async throttle(what: 'submit' | 'lookup' | 'test', ip: string): Promise<void> {
    const [limit, windowMs] =
      what === 'submit'
        ? [REGISTRATION_LIMITS.submitsPerIpHour, HOUR]
        : what === 'test'
          ? [REGISTRATION_LIMITS.testsPerIpHour, HOUR]
          : [REGISTRATION_LIMITS.lookupsPerIp10Min, 10 * 60 * 1000];
    const n = await this.ctx.kv.incr(`reg:${what}:${ip}`, windowMs);
    if (n > limit) throw new AppError('TOO_MANY_ATTEMPTS', REGISTRATION_TEXTS.tooMany);
  }

  /** A slot among the submissions streaming at once; returns its release. */
  enter(): () => void {
    if (this.inFlight >= REGISTRATION_LIMITS.concurrentSubmits) throw businessError(REGISTRATION_TEXTS.busy);
    this.inFlight++;
    let done = false;
    return () => {
      if (!done) this.inFlight--;
      done = true;
    };
  }

  /** Choices of the public form. */
  async options() {
    const [company, sex, political, marriage, degree] = await Promise.all([
      companies(this.db),
      dictItems(this.db, 'sex'),
      dictItems(this.db, 'hy_political'),
      dictItems(this.db, 'hy_marriage'),
      dictItems(this.db, 'hy_degree'),
    ]);
    return {
      captcha: this.ctx.config.loginCaptcha,
      company,
      sex,
      political,
      marriage,
      degree,
      limits: { fileMaxBytes: REGISTRATION_LIMITS.fileMaxBytes },
    };
  }

  private async checkCaptcha(fields: Record<string, string>): Promise<void> {
    if (!this.ctx.config.loginCaptcha) return;
    if (!fields.captcha) throw new AppError('CAPTCHA_MISSING', REGISTRATION_TEXTS.captcha);
    const verdict = await this.captcha.check(String(fields.checkKey ?? ''), fields.captcha);
    if (verdict === 'missing') throw new AppError('CAPTCHA_MISSING');
    if (verdict === 'wrong') throw new AppError('CAPTCHA_WRONG');
  }

  /** The form's fields, validated with the shared schema; 400 with the field texts otherwise. */
  parse(raw: string | undefined): Registration {
    let json: unknown;
    try {
      json = JSON.parse(raw ?? '');
    } catch {
      throw new AppError('BAD_REQUEST');
    }
    const r = registrationSchema.safeParse(json);
    if (!r.success) {
      const msg = r.error.issues
        .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
        .join('; ');
      throw new AppError('BAD_REQUEST', msg);
    }
    return r.data;
  }

  private checkFile(kind: FileKind, f: IncomingFile | undefined): string | null {
    if (!f || f.size === 0) {
      if (kind === 'photo') throw businessError(REGISTRATION_TEXTS.photo);
      return null;
    }
    const ext = sniffUpload(kind, f.data);
    if (!ext)
      throw businessError(kind === 'photo' ? REGISTRATION_TEXTS.photoType : REGISTRATION_TEXTS.cvType);
    if (f.truncated || f.size >= REGISTRATION_LIMITS.fileMaxBytes)
      throw businessError(kind === 'photo' ? REGISTRATION_TEXTS.photoSize : REGISTRATION_TEXTS.cvSize);
    return ext;
  }

  /**
   * One submission: captcha, shared validation, file checks, then the file in the talent pool: the
   * person's applicant/talent/interview file when both the national ID and the mobile match it (edited
   * through the HR service), a held submission when the person has another file (left unchanged, noted
   * on its timeline), else a new applicant file (flagged when the person is blacklisted). The answer is
   * the same in every case: a fresh code for the summary and the test.
   */
  async submit(ip: string, fields: Record<string, string>, files: Partial<Record<FileKind, IncomingFile>>) {
    await this.checkCaptcha(fields);
    const input = this.parse(fields.data);
    const photoExt = this.checkFile('photo', files.photo);
    const cvExt = this.checkFile('cv', files.cv);

    const id = newId();
    const { outcome, hyUserId, matchedId } = await this.place(id, input);

    // The files move out of the spool into the registration's own hidden folder of the file storage (the
    // local folder or the bucket), which no upload route can name.
    const storage = fileStorageFor(this.ctx.config);
    let photo: string | null = null;
    let cv: string | null = null;
    if (files.photo && photoExt) {
      photo = `photo.${photoExt}`;
      await storage.putPrivate(`${FOLDER}/${id}/${photo}`, files.photo.tempPath);
    }
    if (files.cv && cvExt) {
      cv = `cv.${cvExt}`;
      await storage.putPrivate(`${FOLDER}/${id}/${cv}`, files.cv.tempPath);
    }
    const code = randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + REGISTRATION_LIMITS.codeTtlMs;
    await insertRegistration(this.db, {
      id,
      codeHash: hashCode(code),
      expiresAt,
      hyUserId,
      matchedId,
      outcome,
      realname: input.realname,
      orgCode: input.orgCode,
      applyPost: input.applyPost,
      data: JSON.stringify(input),
      photo,
      cv,
      cvName: cv && files.cv ? displayName(files.cv.filename, cv) : null,
      ip: ip.slice(0, 64),
      mbtiType: null,
      mbtiScores: null,
      mbtiTime: null,
      createTime: now(),
    });
    return { code, expiresAt };
  }

  /** Creates, updates or holds (see `submit`), through the HR service. */
  private async place(
    regId: string,
    input: Registration,
  ): Promise<{ outcome: string; hyUserId: string | null; matchedId: string | null }> {
    const op = REGISTRATION_OPERATOR;
    const matches = await findSamePerson(this.db, input.idCard, input.mobile);
    const same = matches.find(
      (m) => m.idCard === input.idCard && m.mobile === input.mobile && UPDATABLE.includes(m.status),
    );
    const note = (file: { id: string; realname: string; orgCode: string }, reason: string) =>
      insertLogs(this.db, [this.hr.logRow(op, file, 'register', null, null, null, reason, formatDate())]);
    if (same) {
      const { orgCode: _company, ...fields } = input;
      await this.hr.edit(op, { id: same.id, ...fields, source: '在线登记' });
      await note({ ...same, realname: input.realname }, `在线登记更新档案（登记号 ${regId}）`);
      return { outcome: 'updated', hyUserId: same.id, matchedId: null };
    }
    const active = matches.find((m) => m.status !== 'blacklist');
    if (active) {
      await note(active, `在线登记再次提交，档案未改动，请核对（登记号 ${regId}）`);
      return { outcome: 'held', hyUserId: null, matchedId: active.id };
    }
    try {
      const r = await this.hr.add(op, { ...input, source: '在线登记' } as Parameters<HrService['add']>[1], {
        action: 'register',
      });
      return { outcome: r.flagged ? 'flagged' : 'created', hyUserId: r.id, matchedId: null };
    } catch (err) {
      // A file of the same person appeared meanwhile (two submissions at once): held like any other match.
      if (err instanceof AppError && err.errorCode === 'BUSINESS') {
        const again = (await findSamePerson(this.db, input.idCard, input.mobile)).find(
          (m) => m.status !== 'blacklist',
        );
        if (again) return { outcome: 'held', hyUserId: null, matchedId: again.id };
      }
      throw err;
    }
  }

  private async byCode(code: string | null | undefined): Promise<HyRegistration> {
    const reg = code ? await registrationByCodeHash(this.db, hashCode(code), Date.now()) : undefined;
    if (!reg) throw businessError(REGISTRATION_TEXTS.codeInvalid);
    return reg;
  }

  /** What the holder of the code submitted (national ID and mobile masked), with short-lived file links. */
  async summary(code: string) {
    const reg = await this.byCode(code);
    const data = JSON.parse(reg.data) as Record<string, unknown>;
    const shown: Record<string, unknown> = {};
    for (const k of REGISTRATION_FIELDS) {
      const v = data[k];
      shown[k] = k === 'idCard' || k === 'mobile' ? maskValue(k, (v as string | null) ?? null) : v;
    }
    for (const k of ['educations', 'workHistory'])
      shown[k] = typeof data[k] === 'string' ? JSON.parse(data[k] as string) : [];
    const company = (await companies(this.db)).find((c) => c.value === reg.orgCode)?.text ?? reg.orgCode;
    return {
      createTime: reg.createTime,
      expiresAt: reg.expiresAt,
      data: shown,
      texts: await this.texts(data),
      company,
      photoUrl: reg.photo ? this.fileLink(reg.id, 'photo') : null,
      cvUrl: reg.cv ? this.fileLink(reg.id, 'cv') : null,
      cvName: reg.cvName,
      mbti: this.mbtiOf(reg),
    };
  }

  /** Dictionary texts of the coded fields, for showing the summary. */
  private async texts(data: Record<string, unknown>) {
    const out: Record<string, string> = {};
    for (const [field, code] of [
      ['sex', 'sex'],
      ['political', 'hy_political'],
      ['marriage', 'hy_marriage'],
      ['degree', 'hy_degree'],
    ] as const) {
      const v = data[field];
      if (v !== null && v !== undefined && v !== '') out[field] = await this.hr.translate(code, v);
    }
    return out;
  }

  private mbtiOf(reg: HyRegistration) {
    const d = describeType(reg.mbtiType);
    if (!reg.mbtiType || !d) return null;
    return {
      type: reg.mbtiType,
      ...d,
      scores: reg.mbtiScores ? (JSON.parse(reg.mbtiScores) as MbtiResult['scores']) : [],
      time: reg.mbtiTime,
    };
  }

  // ---- personality test ----

  /** Scores an answer sheet on the server; with a registration code the result joins that registration and its file. */
  async mbti(input: MbtiAnswer): Promise<MbtiResult> {
    if (input.version !== MBTI_VERSION) throw businessError('题目已更新，请刷新页面后重新作答');
    const score = scoreMbti(input.answers);
    if (!score) throw new AppError('BAD_REQUEST', REGISTRATION_TEXTS.answers);
    if (!input.code) return { ...score, attached: false };
    const reg = await this.byCode(input.code);
    const t = now();
    const scores = JSON.stringify(score.scores);
    await this.db.transaction().execute(async (trx) => {
      await setRegistrationMbti(trx, reg.id, score.type, scores, t);
      if (reg.hyUserId) {
        const f = await trx
          .selectFrom('hyUser')
          .select(['id', 'realname', 'orgCode', 'mbtiType'])
          .where('id', '=', reg.hyUserId)
          .executeTakeFirst();
        if (f) {
          await setFileMbti(trx, f.id, score.type);
          const row = this.hr.logRow(
            REGISTRATION_OPERATOR,
            f,
            'mbti',
            null,
            f.mbtiType,
            score.type,
            `${score.type} ${score.name}`,
            formatDate(),
          );
          await insertLogs(trx, [{ ...row, field: 'mbtiType', fieldLabel: '性格类型' }]);
        }
      }
    });
    return { ...score, attached: true };
  }

  questionCount(): number {
    return MBTI_QUESTIONS.length;
  }

  // ---- stored files ----

  private mac(id: string, kind: string, exp: number): string {
    return createHmac('sha256', this.ctx.config.jwtSecret)
      .update(`registration-file\n${id}\n${kind}\n${exp}`)
      .digest('base64url');
  }

  /** A link to one stored file of a registration, valid 10 minutes (API path, without the base). */
  fileLink(id: string, kind: FileKind): string {
    const exp = Date.now() + FILE_LINK_TTL_MS;
    return `/registration/file?r=${id}&k=${kind}&exp=${exp}&sig=${this.mac(id, kind, exp)}`;
  }

  /** The stored file behind a signed link, or null (bad or expired signature, missing file). */
  async openFile(q: { r?: string; k?: string; exp?: string; sig?: string }) {
    const { r, k, exp, sig } = q;
    if (
      !r ||
      !/^\d{1,32}$/.test(r) ||
      (k !== 'photo' && k !== 'cv') ||
      !exp ||
      !/^\d{1,15}$/.test(exp) ||
      !sig
    )
      return null;
    if (Number(exp) < Date.now()) return null;
    const want = Buffer.from(this.mac(r, k, Number(exp)));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    const reg = await registrationById(this.db, r);
    const name = reg?.[k];
    if (!reg || !name || !/^(photo|cv)\.[a-z]{3,4}$/.test(name)) return null;
    try {
      const file = await fileStorageFor(this.ctx.config).openPrivate(`${FOLDER}/${reg.id}/${name}`);
      if (!file) return null;
      const ext = name.split('.').pop()!;
      const type = CV_TYPES[ext] ?? IMAGE_TYPES[ext === 'jpg' ? 'jpeg' : ext] ?? 'application/octet-stream';
      const download =
        k === 'cv' && reg.cvName ? reg.cvName : `${reg.realname}-${k === 'photo' ? '照片' : '简历'}.${ext}`;
      return {
        stream: file.stream,
        size: file.size,
        type,
        inline: ext !== 'doc' && ext !== 'docx',
        name: download,
      };
    } catch {
      return null;
    }
  }

  // ---- HR side ----

  /** Registrations of a file the HR user can see (company scope), with their files and test results. */
  async ofFile(user: CurrentUser, hyUserId: string) {
    await this.hr.file(user, hyUserId);
    const rows = await registrationsOfFile(this.db, hyUserId);
    return rows.map((reg) => ({
      id: reg.id,
      createTime: reg.createTime,
      outcome: reg.outcome,
      outcomeText: OUTCOME_TEXT[reg.outcome] ?? reg.outcome,
      applyPost: reg.applyPost,
      realname: reg.realname,
      photoUrl: reg.photo ? this.fileLink(reg.id, 'photo') : null,
      cvUrl: reg.cv ? this.fileLink(reg.id, 'cv') : null,
      cvName: reg.cvName,
      mbti: this.mbtiOf(reg),
    }));
  }
}

/** The client's name of the CV for the download, with the extension the content showed. */
function displayName(clientName: string, stored: string): string {
  const ext = stored.split('.').pop()!;
  const base =
    (clientName.split(/[\\/]/).pop() ?? '')
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .slice(0, 60) || '简历';
  return `${base}.${ext}`;
}
