"""The guided-lesson panel: the step to make, its hint, what the last step meant, "Lesson complete"."""

from __future__ import annotations

from ..core import Action, GameState
from ..guided import GuidedLesson, Step
from ..i18n import _
from .dom import _el, site_link
from .prompt_bar import PromptBar


class LessonPanel:
    """Part of a guided lesson's table: the lesson's side of the page."""

    def __init__(self, lesson: GuidedLesson, bar: PromptBar) -> None:
        self.guided = lesson
        self.bar = bar
        self.step = 0  # steps of the lesson done

    def current(self, state: GameState) -> Step | None:
        """The lesson's current step, while the student still has one to make."""
        lesson = self.guided
        if self.step >= len(lesson.steps) or state.current_player != lesson.student:
            return None
        return lesson.steps[self.step]

    def refuses(self, state: GameState, action: Action) -> bool:
        """During a guided lesson the student makes the taught move; another is explained, not played."""
        step = self.current(state)
        if step is None or step.matches(action):
            return False
        _el("lesson-note").textContent = _("Not that move yet. {hint}").format(hint=step.hint or _("Read the step again."))
        self.bar.say_refusal(_el("lesson-note").textContent)  # and in the prompt bar, where the student looks
        return True

    def advances(self, state: GameState, action: Action) -> bool:
        """Whether ``action`` (not yet applied) makes the lesson's current step."""
        return self.step < len(self.guided.steps) and self.guided.advances(state, action, self.step)

    def reached(self, state: GameState) -> None:
        """Catch up with a game restored from a record, and show where it stands."""
        self.step = self.guided.step_reached(state.history)
        self.show()

    def done_step(self) -> None:
        """The move just made was the current step's."""
        self.step += 1
        self.show(done=self.guided.steps[self.step - 1])

    def hinted_move(self, state: GameState):
        return self.guided.hinted_move(state, self.step)

    def show(self, done: Step | None = None) -> None:
        """The lesson panel: what the last move meant, then what to do next."""
        lesson = self.guided
        total = len(lesson.steps)
        _el("lesson").hidden = False
        _el("lesson-title").textContent = lesson.title
        _el("lesson-then").textContent = done.then if done else (lesson.intro if self.step == 0 else "")
        _el("lesson-note").textContent = ""
        if self.step < total:
            _el("lesson-progress").textContent = _("Step {n} of {total}").format(n=self.step + 1, total=total)
            _el("lesson-say").textContent = lesson.steps[self.step].say
            _el("lesson-done").hidden = True
        else:
            _el("lesson-progress").textContent = _("All {total} steps done").format(total=total)
            _el("lesson-say").textContent = _("Lesson complete. The game goes on: play it to the end if you like.")
            # What to do next: the next guided lesson in teaching order, and the page this one belongs to.
            if lesson.following:
                _el("lesson-next").href = site_link(lesson.following["href"])
                _el("lesson-next").textContent = _("Next guided lesson: {title}").format(title=lesson.following["title"])
            _el("lesson-next-item").hidden = not lesson.following
            if lesson.page:
                _el("lesson-page").href = site_link(lesson.page["href"])
                _el("lesson-page").textContent = _("Read the lesson: {title}").format(title=lesson.page["title"])
            _el("lesson-page-item").hidden = not lesson.page
            _el("lesson-done").hidden = False
        _el("new-game").textContent = _("Restart lesson")
        self.bar.show_lesson(True)
