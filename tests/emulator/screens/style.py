"""The dark-theme stylesheet of the screen renderer (colours and sizes of Discord's client)."""

CSS = """
* { box-sizing: border-box; }
body { margin: 0; background: #313338; color: #dbdee1; font: 16px/1.375 "gg sans", "Noto Sans", "Noto Sans CJK JP",
  "Helvetica Neue", Helvetica, Arial, sans-serif; }
.chan { padding: 12px 16px; color: #f2f3f5; font-weight: 600; border-bottom: 1px solid #1f2023; }
.log { padding: 8px 0 16px; }
.empty { padding: 16px; color: #949ba4; }
.msg { display: flex; padding: 8px 16px 4px; }
.msg.grouped { padding: 2px 16px 2px 72px; }
.avatar { flex: 0 0 40px; height: 40px; border-radius: 50%; background: #5865f2; color: #fff; display: flex;
  align-items: center; justify-content: center; font-weight: 700; margin-right: 16px; }
.col { flex: 1; min-width: 0; max-width: 640px; }
.head { margin-bottom: 2px; }
.name { color: #f2f3f5; font-weight: 500; }
.tag { background: #5865f2; color: #fff; font-size: 10px; font-weight: 600; padding: 1px 4px; border-radius: 3px;
  margin-left: 4px; vertical-align: 2px; }
.time { color: #949ba4; font-size: 12px; margin-left: 8px; }
.content, .text { white-space: normal; word-wrap: break-word; }
.edited { color: #949ba4; font-size: 10px; }
h1 { font-size: 24px; margin: 8px 0 4px; color: #f2f3f5; } h2 { font-size: 20px; margin: 8px 0 4px; color: #f2f3f5; }
h3 { font-size: 16px; margin: 8px 0 4px; color: #f2f3f5; }
.subtext { font-size: 12px; color: #949ba4; }
code { background: #2b2d31; border: 1px solid #1e1f22; border-radius: 4px; padding: 0 3px; font-size: 85%;
  font-family: Consolas, "DejaVu Sans Mono", monospace; }
pre { background: #2b2d31; border: 1px solid #1e1f22; border-radius: 4px; padding: 8px; margin: 4px 0;
  font-family: Consolas, "DejaVu Sans Mono", monospace; font-size: 14px; white-space: pre-wrap; }
blockquote { margin: 0; padding-left: 12px; border-left: 4px solid #4e5058; }
ul, ol { margin: 2px 0; padding-left: 24px; }
a { color: #00a8fc; text-decoration: none; }
.mention { background: rgba(88,101,242,.3); color: #c9cdfb; border-radius: 3px; padding: 0 2px; }
.ts { background: rgba(255,255,255,.06); border-radius: 3px; padding: 0 2px; }
.spoiler { background: #1e1f22; color: #1e1f22; border-radius: 3px; }
.embed { display: flex; background: #2b2d31; border-left: 4px solid #1e1f22; border-radius: 4px;
  padding: 8px 16px 16px 12px;
  margin: 4px 0; max-width: 520px; }
.e-main { flex: 1; min-width: 0; }
.e-author { font-size: 14px; font-weight: 600; color: #f2f3f5; margin-top: 8px; }
.e-title { font-weight: 600; color: #f2f3f5; margin-top: 8px; }
.e-desc { font-size: 14px; margin-top: 8px; }
.e-fields { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.e-field { flex: 1 0 100%; font-size: 14px; } .e-field.inline { flex: 1 0 30%; }
.e-fname { font-weight: 600; color: #f2f3f5; }
.e-image { display: block; max-width: 100%; max-height: 300px; border-radius: 4px; margin-top: 16px;
  image-rendering: auto; }
.e-thumb { width: 80px; height: 80px; object-fit: contain; border-radius: 4px; margin: 8px 0 0 16px; }
.e-footer { font-size: 12px; color: #949ba4; margin-top: 8px; }
.container { background: #2b2d31; border: 1px solid #393a41; border-radius: 8px; padding: 16px; margin: 4px 0;
  display: flex; flex-direction: column; gap: 8px; max-width: 560px; }
.section { display: flex; gap: 12px; align-items: flex-start; }
.s-texts { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.s-acc { flex: 0 0 auto; }
.thumb { width: 85px; height: 85px; object-fit: cover; border-radius: 8px; }
.gallery { display: grid; gap: 4px; grid-template-columns: 1fr; max-width: 520px; }
.gallery.n2, .gallery.n4 { grid-template-columns: 1fr 1fr; } .gallery.n3 { grid-template-columns: 1fr 1fr 1fr; }
.g-item { width: 100%; max-height: 360px; object-fit: contain; border-radius: 8px; background: #1e1f22; }
.attachment { display: block; max-width: min(520px, 100%); max-height: 360px; border-radius: 8px; margin-top: 4px; }
.missing { background: #1e1f22; color: #949ba4; font-size: 12px; padding: 24px 8px; text-align: center;
  border-radius: 8px;
  word-break: break-all; }
.file { background: #2b2d31; border: 1px solid #1e1f22; border-radius: 8px; padding: 12px; margin: 4px 0;
  max-width: 400px; }
.sep { height: 4px; } .sep.large { height: 16px; }
.sep.line { height: 1px; background: #3f4147; margin: 4px 0; } .sep.line.large { margin: 12px 0; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin: 4px 0; }
.btn { display: inline-flex; align-items: center; gap: 4px; height: 32px; padding: 2px 16px; border-radius: 8px;
  font-size: 14px; font-weight: 500; color: #fff; white-space: nowrap; }
.btn.primary { background: #5865f2; } .btn.secondary, .btn.link { background: #4e5058; }
.btn.success { background: #248046; } .btn.danger { background: #da373c; } .btn.premium { background: #5865f2; }
.btn.disabled, .select.disabled { opacity: .5; cursor: not-allowed; }
.emoji { font-size: 16px; }
.select { display: flex; justify-content: space-between; align-items: center; background: #1e1f22;
  border: 1px solid #1e1f22;
  border-radius: 8px; padding: 8px 12px; min-width: 300px; max-width: 520px; color: #949ba4; font-size: 14px;
  margin: 4px 0; }
.loading { color: #949ba4; font-style: italic; }
.eph { font-size: 12px; color: #949ba4; margin-top: 4px; }
.spoilered { filter: blur(10px); }
.unknown { color: #f23f43; font-size: 12px; }
"""
