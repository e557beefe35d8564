# zuma-judge worker adapter for Ruby submissions pasted from LeetCode's editor.
#
# zuma-judge runs it as `ruby -e <this file> SOLUTION.rb` (src/submission/languages/ruby.rs). It
# requires what LeetCode's Ruby has loaded, loads the file, which defines a top-level
# `find_min_step(board, hand)`, then speaks the worker protocol of src/submission/protocol.rs:
# JSON-line requests {"id": 7, "board": ..., "hand": ...} on stdin; on file descriptor 3 first
# {"ready": true}, {"compile_error": ...} (a SyntaxError) or {"load_error": ...}, then one reply
# per request, in order, echoing its id: {"id": 7, "answer": N} or
# {"id": 7, "error" | "memory" | "bad_return": ...}. Time and memory
# limits are enforced by the judge, outside this process.
require 'json'
require 'set'
begin
  require 'algorithms' # LeetCode's "Algorithms module"; not a Debian package
rescue LoadError
  nil
end

ZUMA_PATH = File.expand_path(ARGV.fetch(0))
ZUMA_REPLIES = IO.new(3, 'w')
ZUMA_REPLIES.sync = true

def zuma_send(obj)
  ZUMA_REPLIES.write(JSON.generate(obj) + "\n")
end

# 'NoMethodError: undefined method `x' for nil:NilClass (line 12)'.
def zuma_describe(exc)
  message = exc.message.to_s.lines.first.to_s.chomp[0, 200]
  text = exc.class.name.to_s
  text += ": #{message}" unless message.empty?
  line = (exc.backtrace_locations || []).find { |l| l.absolute_path == ZUMA_PATH || l.path == ZUMA_PATH }&.lineno
  line ||= exc.message[/#{Regexp.escape(ZUMA_PATH)}:(\d+)/, 1] if exc.is_a?(SyntaxError)
  line ? "#{text} (line #{line})" : text
end

begin
  load ZUMA_PATH
  raise NameError, 'no method find_min_step(board, hand)' unless respond_to?(:find_min_step, true)
rescue SyntaxError => e
  zuma_send(compile_error: zuma_describe(e))
  exit 0
rescue Exception => e # rubocop:disable Lint/RescueException -- the submission's problem
  zuma_send(load_error: zuma_describe(e))
  exit 0
end
zuma_send(ready: true)

$stdin.each_line do |line|
  request = JSON.parse(line)
  reply =
    begin
      got = find_min_step(+request['board'], +request['hand'])
      got.is_a?(Integer) ? { answer: got } : { bad_return: got.inspect[0, 100] }
    rescue NoMemoryError => e
      { memory: zuma_describe(e) }
    rescue Exception => e # rubocop:disable Lint/RescueException -- SystemExit etc. are run-time errors too
      { error: zuma_describe(e) }
    end
  reply = { id: request['id'] }.merge(reply) if request['id'].is_a?(Integer)
  zuma_send(reply)
end
