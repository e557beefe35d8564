#lang racket/base
;; zuma-judge harness for Racket submissions (languages/racket.rs): compiled by `raco make` next
;; to the paste (solution.rkt: `#lang racket` put in front of line 1 when the paste has no
;; `#lang` line, as LeetCode's template has none, and `(provide find-min-step)` after its last)
;; and run as `racket harness.rkt SOLUTION.rkt MEMORY_MIB`. Speaks the worker protocol of
;; src/submission/protocol.rs: JSON-line requests {"id":7,"board":"..","hand":".."} on stdin; on
;; file descriptor 3 first {"ready":true} (or {"load_error":".."}), then one reply per request,
;; in order, carrying the request's id when it has one: {"answer":N}, {"error":".."},
;; {"memory":".."} or {"bad_return":".."} (anything but an integer of 32 bits, as `~e` prints
;; it). Each call runs in a thread of its own custodian, whose memory is limited to the judge's
;; limit. Time and memory are measured by the judge, outside this process.
(require racket/string racket/list)

(define (quoted text)
  (string-append
   "\""
   (apply string-append
          (for/list ([c (in-string text)])
            (cond [(memv c '(#\" #\\)) (string #\\ c)]
                  [(char<? c #\space) " "]
                  [else (string c)])))
   "\""))

(define (clip text n) (if (> (string-length text) n) (substring text 0 n) text))

;; `"id":7,` when the request has an id (copied as read, digits only), else nothing.
(define (id request)
  (define m (regexp-match #px"\"id\"\\s*:\\s*([0-9]+)" request))
  (if m (string-append "\"id\":" (cadr m) ",") ""))

;; The string value of `key` (board and hand hold only letters: no escapes to undo).
(define (field request key)
  (define m (regexp-match (pregexp (string-append "\"" key "\"\\s*:\\s*\"([^\"]*)\"")) request))
  (if m (cadr m) ""))

;; ` (line 12)`: the innermost frame in the paste, when the runtime kept one.
(define (line-of e solution)
  (define marks (if (exn? e) (exn-continuation-marks e) #f))
  (define frames (if marks (continuation-mark-set->context marks) '()))
  (define at
    (for/first ([f (in-list frames)]
                #:when (and (cdr f) (srcloc-line (cdr f))
                            (equal? (srcloc-source (cdr f)) solution)))
      (srcloc-line (cdr f))))
  (if at (format " (line ~a)" at) ""))

(define (describe e solution)
  (define text
    (if (exn? e)
        (car (string-split (string-append (exn-message e) "\n") "\n" #:trim? #f))
        (format "raised ~e" e)))
  (string-append (clip text 200) (line-of e solution)))

(define (call find-min-step board hand limit solution)
  (define cust (make-custodian))
  (custodian-limit-memory cust limit cust)
  (with-handlers ([(λ (_) (custodian-shut-down? cust))
                   (λ (_) (string-append "\"memory\":"
                                         (quoted "the call's custodian reached the memory limit")))])
    (call-in-nested-thread
     (λ ()
       (with-handlers ([(λ (_) #t)
                        (λ (e) (string-append "\"error\":" (quoted (describe e solution))))])
         (define got (find-min-step (string-copy board) (string-copy hand)))
         (if (and (exact-integer? got) (<= (- (expt 2 31)) got (sub1 (expt 2 31))))
             (format "\"answer\":~a" got)
             (string-append "\"bad_return\":" (quoted (clip (format "~e" got) 100))))))
     cust)))

(module+ main
  (define args (current-command-line-arguments))
  (define solution (path->complete-path (string->path (vector-ref args 0))))
  (define limit (* (string->number (vector-ref args 1)) 1024 1024))
  (define replies (open-output-file "/dev/fd/3" #:exists 'append))
  (define (send line)
    (write-string (string-append line "\n") replies)
    (flush-output replies))
  (define find-min-step
    (with-handlers ([(λ (_) #t)
                     (λ (e) (send (string-append "{\"load_error\":" (quoted (describe e solution)) "}"))
                            (exit 0))])
      (dynamic-require solution 'find-min-step)))
  (send "{\"ready\":true}")
  (let loop ()
    (define line (read-line (current-input-port) 'any))
    (unless (eof-object? line)
      (define request (string-trim line))
      (unless (string=? request "")
        (send (string-append "{" (id request)
                             (call find-min-step (field request "board") (field request "hand")
                                   limit solution)
                             "}")))
      (loop)))
  (exit 0))
