// The consent result page holds Amazon's code and state in a form; posting it at once spares the seller a click.
// Without script the page still works: the seller presses 继续授权.
const form = document.querySelector("form[data-consent-continue]");
if (form) {
  form.querySelector("button").disabled = true;
  form.submit();
}
