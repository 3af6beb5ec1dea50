// The relay's hands inside Claude Code (the module API of 2.1.332). Every
// decision and every text comes from the Go binary bin/si-relay (one JSON
// object in, one out; package shared/relay); this file only carries the
// answer out:
// submit the hand-over request, run /clear and submit the resume prompt,
// hold what the person types meanwhile and send it again afterwards.
// Whatever fails here, the session goes on as if the module were absent.

const DECIDE_TIMEOUT_MS = 5000

// The plugin's own environment, read once per load (a reload re-reads it).
let hookEnv
// The hand-over request submitted last, and the turn it started, so that
// Go can tell the end of the hand-over from a turn queued before it.
let handoverText
let handoverTurn
// Go's quiet hint: { sessionId, below, until }. While it holds, a turn of
// that session below that size (and any prompt) would answer "none", so
// no process is started; any other answer drops it.
let quiet

function isQuiet(sessionId, tokens) {
  return quiet !== undefined && quiet.sessionId === sessionId && Date.now() < quiet.until && tokens < quiet.below
}

async function ask($, request) {
  hookEnv = hookEnv ?? (await $.process.hookEnv())
  const bin = hookEnv.CLAUDE_PLUGIN_ROOT + '/bin/si-relay'
  const body = JSON.stringify({ ...request, window: hookEnv.CLAUDE_PID ?? '' })
  const out = await $.process.run([bin], {
    stdin: body,
    timeoutMs: DECIDE_TIMEOUT_MS,
    env: { CLAUDE_PROJECT_DIR: hookEnv.CLAUDE_PROJECT_DIR ?? '', CLAUDE_PLUGIN_DATA: hookEnv.CLAUDE_PLUGIN_DATA ?? '' },
  })
  quiet = undefined
  if (out.exitCode !== 0) return { action: 'none' }
  let answer
  try {
    answer = JSON.parse(out.stdout)
  } catch {
    return { action: 'none' }
  }
  if (answer.quiet) quiet = { sessionId: request.sessionId, below: answer.quiet.below, until: Date.now() + answer.quiet.forMs }
  return answer
}

async function where($) {
  return { sessionId: await $.session.id(), root: await $.session.root(), cwd: await $.session.cwd() }
}

function tell($, answer) {
  if (answer.notice) $.ui.log(answer.notice)
}

async function resend($, prompts) {
  for (const text of prompts ?? []) await $.prompt.submit({ text, asUser: true })
}

// /ai (ai agent): replace the context with `ai view`, the memory and the
// session's agent thread. Every decision and every text comes from
// bin/ai slash --json (package shared/ai/cli): it builds the view, or says
// why it cannot; this only runs the /compact it asks for and answers that
// compaction with its messages, so no summary is made.
const AI_TIMEOUT_MS = 10 * 60 * 1000
const AI_COMMAND = /^(session-intelligence:)?ai$/
const AI_PENDING = 'ai-pending:' // + session id, in $.store: a /ai not yet compacted
let aiPending // { marker, messages } from /ai until its /compact

// Esc aborts the hook: Claude Code stops bin/ai (SIGTERM) and drops its
// output, so bin/ai also writes its answer to a cancelled run here, with
// the nonce it was given; $.fs.read still works after the abort.
const AI_CANCEL_REPORT = '/ai-cancel.json' // in CLAUDE_PLUGIN_DATA

async function askAi($, flags, words) {
  hookEnv = hookEnv ?? (await $.process.hookEnv())
  const sid = await $.session.id()
  const report = hookEnv.CLAUDE_PLUGIN_DATA ? hookEnv.CLAUDE_PLUGIN_DATA + AI_CANCEL_REPORT : ''
  const nonce = Date.now().toString(36) + '-' + Math.random().toString(36).slice(2)
  const cancel = report ? ['--cancel-report', report, '--nonce', nonce] : []
  const argv = [hookEnv.CLAUDE_PLUGIN_ROOT + '/bin/ai', 'slash', '--json', '--session', sid, ...cancel, ...flags, '--', ...words]
  try {
    const out = await $.process.run(argv, {
      cwd: await $.session.cwd(),
      timeoutMs: AI_TIMEOUT_MS,
      env: { CLAUDE_CODE_SESSION_ID: sid, CLAUDE_PROJECT_DIR: hookEnv.CLAUDE_PROJECT_DIR ?? '' },
    })
    return JSON.parse(out.stdout)
  } catch (err) {
    const cancelled = await readCancel($, report, nonce)
    if (cancelled) return cancelled
    if (String(err).endsWith(' aborted')) {
      // Killed before it could say what it kept (past Claude Code's grace).
      return { text: '/ai was cancelled: nothing was compacted; the summary lines it wrote stay, and the next /ai goes on from them.' }
    }
    return { text: 'ai: /ai could not run bin/ai: ' + err + '; nothing was compacted.' }
  }
}

// readCancel is the answer bin/ai left for this run, if it left one.
async function readCancel($, report, nonce) {
  if (!report) return undefined
  try {
    const answer = JSON.parse(await $.fs.read(report))
    return answer.nonce === nonce ? { text: answer.text } : undefined
  } catch {
    return undefined
  }
}

// aiMessages carries bin/ai's messages over as they are: the view comes as
// the output of an ai view call, which the terminal folds to one line.
function aiMessages(messages) {
  return messages.map((m) => ({
    role: m.role,
    text: m.text,
    toolUses: m.toolUses ?? [],
    ...(m.toolResults ? { toolResults: m.toolResults.map((r) => ({ ...r, isError: false })) } : {}),
  }))
}

function registerAi(on) {
  // Plain /ai is a user command (~/.claude/commands/ai.md); where it is
  // missing, the module serves /ai itself. A /ai whose compaction did not
  // run (a -p session ends with the command) compacts when the session
  // is resumed, before its first request.
  on('session.start', async ($, e, next) => {
    const result = await next(e)
    const commands = await $.command.list()
    if (!commands.some((c) => c.name === 'ai')) {
      await $.command.register({ name: 'ai', description: 'Replace the context with ai view; /ai new|attach NAME, /ai detach', argumentHint: '[new NAME | attach NAME | detach]' })
    }
    const marker = await $.store.get(AI_PENDING + (await $.session.id()))
    if (typeof marker === 'string') await $.command.run({ command: 'compact', args: marker })
    return result
  }).catch(($, e, next) => next(e))

  on('command.run', { command: AI_COMMAND }, async ($, e) => {
    const words = e.args.trim() === '' ? [] : e.args.trim().split(/\s+/)
    const answer = await askAi($, [], words)
    if (answer.compact) {
      aiPending = { marker: answer.compact, messages: answer.messages }
      await $.store.set(AI_PENDING + (await $.session.id()), answer.compact)
      // After this hook returns: /compact cannot run under it.
      $.clock.after(0, () => $.command.run({ command: 'compact', args: answer.compact }).catch(() => {}))
    }
    return { text: answer.text }
  }).catch(($, e, next) => next(e))

  // The /compact that /ai asked for (or one typed with its marker): the
  // conversation becomes the view; nothing is summarised.
  on('session.compact', async ($, e, next) => {
    if (e.agentId !== undefined || e.instructions !== 'ai-view') return next(e)
    let pending = aiPending
    aiPending = undefined
    await $.store.delete(AI_PENDING + (await $.session.id()))
    if (!pending) {
      const answer = await askAi($, ['--compact'], [])
      if (!answer.compact) return { skip: answer.text }
      $.ui.log(answer.text) // what replaces the context, said before it does
      pending = answer
    }
    return { messages: aiMessages(pending.messages) }
  })
}

// unfill takes a held prompt back out of the input box, where Claude Code
// puts a dropped prompt back (after whatever was typed in the meantime),
// and keeps the rest: emptying the box wiped a prompt typed while the
// relay was asked, and leaving it sent the held one again with the next.
// The box is looked at a few times, for a busy machine's late put-back.
async function unfill($, held, tries = 4) {
  const box = await $.prompt.read()
  const at = typeof box?.text === 'string' ? box.text.lastIndexOf(held) : -1
  if (at >= 0) await $.prompt.fill({ text: box.text.slice(0, at) + box.text.slice(at + held.length) })
  else if (tries > 1) $.clock.after(150, () => unfill($, held, tries - 1).catch(() => {}))
}

// After the turn that crossed the threshold: ask for the note. After the
// turn that wrote it: clear and resume, awaited here (a timer would fire
// after a -p session has ended).
export const register = (on) => {
  on('turn.start', async ($, e, next) => {
    if (e.agentId === undefined && handoverText && String(e.text).includes(handoverText)) handoverTurn = e.turnId
    return next(e)
  })

  on('turn.complete', async ($, e, next) => {
    const result = await next(e)
    if (e.agentId !== undefined) return result
    const usage = await $.session.usage()
    const handover = handoverTurn !== undefined && e.turnId === handoverTurn
    if (handover) handoverText = handoverTurn = undefined
    const at = await where($)
    const tokens = usage.context.tokens ?? 0
    if (!handover && isQuiet(at.sessionId, tokens)) return result
    const answer = await ask($, { event: 'turn', ...at, tokens, handover })
    tell($, answer)
    if (answer.action === 'handover') {
      handoverText = answer.text.split('\n')[0]
      void $.prompt.submit({ text: answer.text })
    } else if (answer.action === 'clear') {
      await $.command.run({ command: 'clear' })
      const resumed = await ask($, { event: 'cleared', ...(await where($)) })
      tell($, resumed)
      if (resumed.action === 'resume') await $.prompt.submit({ text: resumed.text, asUser: true })
    } else if (answer.action === 'resend') {
      await resend($, answer.prompts)
    }
    return result
  })

  // While a relay runs, what the person types is held (and the input box
  // emptied, or Enter would send it twice) and sent again after the resume.
  on('prompt.submit', async ($, e, next) => {
    const typed = e.origin.kind === 'composer' || e.origin.kind === 'bridge' || e.origin.kind === 'sdk'
    if (e.command || !typed) return next(e)
    const at = await where($)
    if (isQuiet(at.sessionId, 0)) return next(e)
    const answer = await ask($, { event: 'prompt', ...at, text: e.text })
    if (answer.action !== 'hold') {
      tell($, answer)
      const entered = await next(e)
      if (answer.action === 'resend') void resend($, answer.prompts)
      return entered
    }
    $.clock.after(50, () => unfill($, e.text).catch(() => {}))
    return { drop: answer.notice || 'Relay in progress: your message is held until the fresh conversation starts.' }
  }).catch(($, e, next) => next(e))

  registerAi(on)
}
