%% zuma-judge harness for Erlang submissions (languages/erlang.rs): compiled by erlc next to the
%% paste (solution.erl, given `-module(solution).` and `-export([find_min_step/2]).` on line 1)
%% and run as `erl -noshell -run zuma_judge_harness main MEMORY_MIB`. Speaks the worker
%% protocol of src/submission/protocol.rs: JSON-line requests {"id":7,"board":"..","hand":".."}
%% on stdin; on file descriptor 3 first {"ready":true} (or {"load_error":".."}), then one reply
%% per request, in order, carrying the request's id when it has one: {"answer":N}, {"error":".."},
%% {"memory":".."} or {"bad_return":".."} (anything but an integer of 32 bits, shown as printed).
%% Board and hand are binaries, as LeetCode passes them. Each call runs in a fresh process whose
%% heap is capped at the memory limit. Time and memory are measured by the judge, outside this
%% process.
-module(zuma_judge_harness).
-export([main/1]).

main([MemoryMib]) ->
    {ok, Replies} = file:open("/dev/fd/3", [write, raw, binary]),
    ok = io:setopts(standard_io, [binary]),
    Words = list_to_integer(MemoryMib) * 1024 * 1024 div erlang:system_info(wordsize),
    case code:ensure_loaded(solution) of
        {module, solution} ->
            case erlang:function_exported(solution, find_min_step, 2) of
                true ->
                    send(Replies, <<"{\"ready\":true}">>),
                    serve(Replies, Words);
                false ->
                    send(Replies, [<<"{\"load_error\":">>,
                                   quoted(<<"no function find_min_step/2">>), <<"}">>])
            end;
        {error, Why} ->
            send(Replies, [<<"{\"load_error\":">>, quoted(show(Why, 200)), <<"}">>])
    end,
    halt(0).

serve(Replies, Words) ->
    case io:get_line(standard_io, "") of
        Line when is_binary(Line) ->
            case string:trim(Line) of
                <<>> -> ok;
                Request ->
                    Reply = call(field(Request, <<"board">>), field(Request, <<"hand">>), Words),
                    send(Replies, [<<"{">>, id(Request), Reply, <<"}">>])
            end,
            serve(Replies, Words);
        _ -> ok
    end.

send(Replies, Line) ->
    ok = file:write(Replies, [Line, <<"\n">>]).

%% `"id":7,` when the request has an id (copied as read, digits only), else nothing.
id(Request) ->
    case re:run(Request, <<"\"id\"\\s*:\\s*([0-9]+)">>, [{capture, all_but_first, binary}]) of
        {match, [Digits]} -> [<<"\"id\":">>, Digits, <<",">>];
        nomatch -> []
    end.

%% The string value of `Key` (board and hand hold only letters: no escapes to undo).
field(Request, Key) ->
    Pattern = <<"\"", Key/binary, "\"\\s*:\\s*\"([^\"]*)\"">>,
    case re:run(Request, Pattern, [{capture, all_but_first, binary}]) of
        {match, [Value]} -> Value;
        nomatch -> <<>>
    end.

call(Board, Hand, Words) ->
    {Pid, Ref} = spawn_monitor(fun() ->
        process_flag(max_heap_size, #{size => Words, kill => true, error_logger => false}),
        exit({done, try solution:find_min_step(Board, Hand) of
                        N when is_integer(N), N >= -16#80000000, N =< 16#7fffffff -> {answer, N};
                        Other -> {bad_return, Other}
                    catch Class:Reason:Stack -> {raised, Class, Reason, Stack}
                    end})
    end),
    receive
        {'DOWN', Ref, process, Pid, Why} -> reply(Why)
    end.

reply({done, {answer, N}}) ->
    [<<"\"answer\":">>, integer_to_binary(N)];
reply({done, {bad_return, Other}}) ->
    [<<"\"bad_return\":">>, quoted(show(Other, 100))];
reply({done, {raised, Class, Reason, Stack}}) ->
    Text = iolist_to_binary([atom_to_binary(Class), <<": ">>, show(Reason, 200), line(Stack)]),
    [<<"\"error\":">>, quoted(Text)];
reply(killed) ->
    [<<"\"memory\":">>, quoted(<<"the call's process heap reached the memory limit">>)];
reply(Other) ->
    [<<"\"error\":">>, quoted(iolist_to_binary([<<"exit: ">>, show(Other, 200)]))].

%% ` (line 12)`: the innermost frame in the paste.
line(Stack) ->
    Lines = [L || {solution, _, _, Where} <- Stack, {line, L} <- Where],
    case Lines of
        [L | _] -> iolist_to_binary(io_lib:format(" (line ~b)", [L]));
        [] -> <<>>
    end.

%% `Term` printed, cut to `Max` characters (never inside one: the reply stays UTF-8).
show(Term, Max) ->
    Text = unicode:characters_to_binary(io_lib:format("~0tp", [Term])),
    string:slice(Text, 0, Max).

quoted(Text) ->
    Escaped = << <<(escape(C))/binary>> || <<C>> <= Text >>,
    <<"\"", Escaped/binary, "\"">>.

escape($") -> <<"\\\"">>;
escape($\\) -> <<"\\\\">>;
escape(C) when C < 32 -> <<" ">>;
escape(C) -> <<C>>.
