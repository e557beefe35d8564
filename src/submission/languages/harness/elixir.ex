# zuma-judge harness for Elixir submissions (languages/elixir.rs): compiled by elixirc with the
# paste (solution.ex, LeetCode's `defmodule Solution do def find_min_step(board, hand) ...`) and
# run as `elixir -pa DIR -e 'ZumaJudge.Harness.main()' MEMORY_MIB`. Speaks the worker protocol
# of src/submission/protocol.rs: JSON-line requests {"id":7,"board":"..","hand":".."} on stdin;
# on file descriptor 3 first {"ready":true} (or {"load_error":".."}), then one reply per
# request, in order, carrying the request's id when it has one: {"answer":N}, {"error":".."},
# {"memory":".."} or {"bad_return":".."} (anything but an integer of 32 bits, inspected). Board
# and hand are binaries (String.t), as LeetCode passes them. Each call runs in a fresh process
# whose heap is capped at the memory limit. Time and memory are measured by the judge, outside
# this process.
defmodule ZumaJudge.Harness do
  @moduledoc false

  def main do
    [memory_mib] = System.argv()
    {:ok, replies} = :file.open(~c"/dev/fd/3", [:write, :raw, :binary])
    words = String.to_integer(memory_mib) * 1024 * 1024 |> div(:erlang.system_info(:wordsize))

    cond do
      not Code.ensure_loaded?(Solution) ->
        send_line(replies, ~s({"load_error":"no module Solution"}))

      not function_exported?(Solution, :find_min_step, 2) ->
        send_line(replies, ~s({"load_error":"no function Solution.find_min_step/2"}))

      true ->
        send_line(replies, ~s({"ready":true}))
        serve(replies, words)
    end

    System.halt(0)
  end

  defp serve(replies, words) do
    case IO.binread(:stdio, :line) do
      line when is_binary(line) ->
        request = String.trim(line)

        if request != "" do
          reply = call(field(request, "board"), field(request, "hand"), words)
          send_line(replies, "{" <> id(request) <> reply <> "}")
        end

        serve(replies, words)

      _ ->
        :ok
    end
  end

  defp send_line(replies, line), do: :ok = :file.write(replies, line <> "\n")

  # `"id":7,` when the request has an id (copied as read, digits only), else nothing.
  defp id(request) do
    case Regex.run(~r/"id"\s*:\s*([0-9]+)/, request) do
      [_, digits] -> ~s("id":#{digits},)
      nil -> ""
    end
  end

  # The string value of `key` (board and hand hold only letters: no escapes to undo).
  defp field(request, key) do
    case Regex.run(~r/"#{key}"\s*:\s*"([^"]*)"/, request) do
      [_, value] -> value
      nil -> ""
    end
  end

  defp call(board, hand, words) do
    {pid, ref} =
      spawn_monitor(fn ->
        Process.flag(:max_heap_size, %{size: words, kill: true, error_logger: false})

        result =
          try do
            case Solution.find_min_step(board, hand) do
              n when is_integer(n) and n in -0x80000000..0x7FFFFFFF -> {:answer, n}
              other -> {:bad_return, other}
            end
          rescue
            e -> {:raised, inspect(e.__struct__) <> ": " <> Exception.message(e), __STACKTRACE__}
          catch
            kind, value -> {:raised, "#{kind}: " <> inspect(value), __STACKTRACE__}
          end

        exit({:done, result})
      end)

    receive do
      {:DOWN, ^ref, :process, ^pid, why} -> reply(why)
    end
  end

  defp reply({:done, {:answer, n}}), do: ~s("answer":#{n})
  defp reply({:done, {:bad_return, other}}), do: ~s("bad_return":) <> quoted(clip(inspect(other), 100))

  defp reply({:done, {:raised, banner, stack}}) do
    first = banner |> String.split("\n") |> hd()
    ~s("error":) <> quoted(clip(first, 200) <> line(stack))
  end

  defp reply(:killed), do: ~s("memory":) <> quoted("the call's process heap reached the memory limit")
  defp reply(other), do: ~s("error":) <> quoted(clip("exit: " <> inspect(other), 200))

  # ` (line 12)`: the innermost frame in the paste.
  defp line(stack) do
    found =
      Enum.find_value(stack, fn {_, _, _, where} ->
        if to_string(where[:file] || "") =~ "solution.ex", do: where[:line]
      end)

    if found, do: " (line #{found})", else: ""
  end

  defp clip(text, max), do: String.slice(text, 0, max)

  # `text` as a JSON string; a byte that is not UTF-8 (an exception's message may hold any
  # binary) becomes U+FFFD.
  defp quoted(text) do
    escaped =
      for <<c <- utf8(text)>>, into: "" do
        case c do
          ?" -> "\\\""
          ?\\ -> "\\\\"
          c when c < 32 -> " "
          c -> <<c>>
        end
      end

    "\"" <> escaped <> "\""
  end

  defp utf8(<<c::utf8, rest::binary>>), do: <<c::utf8>> <> utf8(rest)
  defp utf8(<<_, rest::binary>>), do: "\uFFFD" <> utf8(rest)
  defp utf8(<<>>), do: ""
end
