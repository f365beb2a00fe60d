import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AliyunSmsProvider, aliyunTimestamp, percentEncode, rpcSignature, signedQuery, stringToSign } from '../../src/platform/sms/aliyun.js';
import { loadSmsConfig } from '../../src/platform/sms/sms-config.js';

// The SendSms example of Aliyun's "签名机制" documentation (AccessKeyId testId, AccessKeySecret testSecret).
const DOC_PARAMS = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};
const DOC_STRING_TO_SIGN =
  'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25';
const DOC_URL =
  'http://dysmsapi.aliyuncs.com/?Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25';

describe('[AUTH] Aliyun SMS request signing (RPC, HMAC-SHA1)', () => {
  it('percent-encodes as the POP rules say', () => {
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode('*')).toBe('%2A');
    expect(percentEncode('~-_.')).toBe('~-_.');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('/=&+:')).toBe('%2F%3D%26%2B%3A');
  });

  it('reproduces the documented SendSms example: string to sign, signature and URL', () => {
    expect(stringToSign('GET', DOC_PARAMS)).toBe(DOC_STRING_TO_SIGN);
    expect(rpcSignature('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(`http://dysmsapi.aliyuncs.com/?${signedQuery('GET', DOC_PARAMS, 'testSecret')}`).toBe(DOC_URL);
    // an existing Signature parameter is not signed
    expect(rpcSignature('GET', { ...DOC_PARAMS, Signature: 'old' }, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('reproduces the documented RPC example (DescribeRegions)', () => {
    const p = {
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Version: '2014-05-26',
      Timestamp: '2016-02-23T12:46:24Z',
    };
    expect(rpcSignature('GET', p, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('formats timestamps without milliseconds', () => {
    expect(aliyunTimestamp(Date.UTC(2017, 6, 12, 2, 42, 19, 345))).toBe('2017-07-12T02:42:19Z');
  });

  const settings = {
    accessKeyId: 'LTAI-key',
    accessKeySecret: 'secret-x',
    signName: '集团办公',
    templates: { login: 'SMS_1', register: 'SMS_2', forgot: 'SMS_3' },
    endpoint: 'https://sms.example.test/',
    regionId: 'cn-hangzhou',
  };

  it('posts a signed SendSms with the code as template parameter and accepts Code OK', async () => {
    const seen: { url: string; body: string }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.push({ url, body: String(init.body) });
      return new Response(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: 'r', BizId: 'b' }), { status: 200 });
    }) as unknown as typeof fetch;
    await new AliyunSmsProvider(settings, fake).send('13811110005', 'forgot', '123456');
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('https://sms.example.test/');
    const q = new URLSearchParams(seen[0].body);
    expect(q.get('Action')).toBe('SendSms');
    expect(q.get('PhoneNumbers')).toBe('13811110005');
    expect(q.get('TemplateCode')).toBe('SMS_3');
    expect(q.get('TemplateParam')).toBe('{"code":"123456"}');
    expect(q.get('SignName')).toBe('集团办公');
    // the server side recomputes the signature over every other parameter
    const params = Object.fromEntries([...q.entries()].filter(([k]) => k !== 'Signature'));
    const canon = Object.keys(params)
      .sort()
      .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
      .join('&');
    const expected = createHmac('sha1', 'secret-x&').update(`POST&%2F&${percentEncode(canon)}`).digest('base64');
    expect(q.get('Signature')).toBe(expected);
  });

  it('throws when the provider refuses', async () => {
    const refuse = (async () => new Response(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' }), { status: 200 })) as unknown as typeof fetch;
    await expect(new AliyunSmsProvider(settings, refuse).send('13811110005', 'login', '123456')).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    const broken = (async () => new Response('bad gateway', { status: 502 })) as unknown as typeof fetch;
    await expect(new AliyunSmsProvider(settings, broken).send('13811110005', 'login', '123456')).rejects.toThrow(/502/);
  });

  it('is configured by environment; the recording channel and its outbox never in production', () => {
    expect(loadSmsConfig({}).provider).toBe('none');
    expect(loadSmsConfig({ SMS_PROVIDER: 'aliyun' }).provider).toBe('none');
    const a = loadSmsConfig({
      SMS_PROVIDER: 'aliyun',
      SMS_ALIYUN_ACCESS_KEY_ID: 'id',
      SMS_ALIYUN_ACCESS_KEY_SECRET: 's',
      SMS_ALIYUN_SIGN_NAME: 'n',
      SMS_ALIYUN_TEMPLATE: 'SMS_9',
    });
    expect(a).toMatchObject({ provider: 'aliyun', aliyun: { templates: { login: 'SMS_9', register: 'SMS_9', forgot: 'SMS_9' } }, testOutbox: false });
    expect(loadSmsConfig({ SMS_PROVIDER: 'recording', SMS_TEST_OUTBOX: 'on' })).toMatchObject({ provider: 'recording', testOutbox: true });
    expect(loadSmsConfig({ SMS_PROVIDER: 'recording', SMS_TEST_OUTBOX: 'on', NODE_ENV: 'production' })).toMatchObject({ provider: 'none', testOutbox: false });
    expect(loadSmsConfig({ SELF_REGISTRATION: 'off' }).selfRegistration).toBe('off');
    expect(loadSmsConfig({ SMS_DAILY_PER_MOBILE: '3', SMS_DAILY_PER_IP: '7' })).toMatchObject({ dailyPerMobile: 3, dailyPerIp: 7 });
  });
});
